import { createElement } from "react";
import Markdown from "react-markdown";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MarkdownView } from "../../../renderer/src/panes/chat/MarkdownView.tsx";
import { markupTexts, staticMarkup } from "../../support/static-markup.ts";
import { parsedWhole } from "../../support/reply-markup.ts";

vi.mock("react-markdown", async (original) => {
  const actual = await original<{ default: typeof Markdown }>();
  return { ...actual, default: vi.fn(actual.default) };
});

beforeAll(() => markupTexts);
beforeEach(() => {
  vi.mocked(Markdown).mockClear();
});

const parses = () => vi.mocked(Markdown).mock.calls.length;
const shown = (text: string, growing = false) =>
  staticMarkup(createElement(MarkdownView, { text, anchorPrefix: "reply-1", sourceCount: 0, growing }));

describe("a reply's blocks, parsed once", () => {
  it("are not parsed again when the reply is drawn anew", () => {
    const reply = `# Kept\n\nSome **bold** words.\n\n## Then\n\nMore \`code\` here.\n`;
    shown(reply);
    expect(parses()).toBe(4);
    const again = shown(reply);
    expect(parses()).toBe(4);
    expect(again).toBe(parsedWhole(reply));
  });

  it("keep a streaming reply's earlier blocks, and its growing last one only until others grow", () => {
    const reply = `# Streaming\n\nSome **bold** words`;
    shown(reply, true);
    expect(parses()).toBe(2);
    const ended = `${reply} and more.`;
    shown(ended, true);
    expect(parses()).toBe(2 + 1);
    // The reply ends: drawn as stored, its last block is the version last drawn while it grew.
    const stored = shown(ended);
    expect(parses()).toBe(2 + 1);
    expect(stored).toBe(parsedWhole(ended));

    const growing = (length: number) => `Other **words** ${"x".repeat(length)}`;
    for (let length = 0; length < 200; length++) shown(growing(length * 10), true);
    const before = parses();
    shown(reply, true);
    expect(parses()).toBe(before + 1);
  });
});
