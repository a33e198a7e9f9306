import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { ServerText } from "../../renderer/src/components/ServerText.tsx";
import { MarkdownView } from "../../renderer/src/panes/chat/MarkdownView.tsx";
import { SourcesList } from "../../renderer/src/panes/chat/SourcesList.tsx";
import { AttachmentChip } from "../../renderer/src/panes/chat/AttachmentChip.tsx";
import { ComposerAttachments } from "../../renderer/src/panes/chat/ComposerAttachments.tsx";
import { markupTexts, staticMarkup } from "../support/static-markup.ts";

beforeAll(() => markupTexts);

/** Every character that would reorder or hide what follows it, as a model or a gateway may send them. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("a citation whose title ends in a right-to-left override", () => {
  const html = () =>
    staticMarkup(
      createElement(SourcesList, {
        anchorPrefix: "reply-1",
        sources: [{ title: "Official docs \u202E", url: "https://moc.elgoog/", snippet: "see \u202Eereh" }],
      }),
    );

  it("cannot turn the host after it around: the title is isolated, the override shown, the host apart", () => {
    expect(html()).not.toMatch(HIDDEN);
    expect(html()).toContain("<bdi>Official docs ⟨RLO⟩</bdi></a>");
    expect(html()).toContain('<bdi class="sources__domain">moc.elgoog</bdi>');
    expect(html()).toContain("<bdi>see ⟨RLO⟩ereh</bdi>");
  });
});

describe("a link in a reply", () => {
  const reply = (text: string) =>
    staticMarkup(createElement(MarkdownView, { text, anchorPrefix: "reply-1", sourceCount: 0 }));

  it("shows where it goes apart from its words, and shows the controls in them", () => {
    const html = reply("Read [Official docs \u202Emoc.elgoog](https://evil.example/) and \u202Dthis\u202C.");
    expect(html).not.toMatch(HIDDEN);
    expect(html).toContain("<bdi>Official docs ⟨RLO⟩moc.elgoog</bdi></a>");
    expect(html).toContain('<bdi class="reply-link__host">evil.example</bdi>');
    expect(html).toContain("⟨LRO⟩this⟨PDF⟩");
  });

  it("names no host twice when its words are its address", () => {
    expect(reply("<https://example.com/docs>")).not.toContain("reply-link__host");
  });
});

describe("any text the app did not write (a model id in the picker, a host, a gateway message)", () => {
  it.each([
    ["gpt-4o\u202Eevil", "<bdi>gpt-4o⟨RLO⟩evil</bdi>"],
    ["model\u0007\u001b[31m\u007f", "<bdi>model␇␛[31m␡</bdi>"],
    ["a\u2067b\u2069c\u200fd\u0085", "<bdi>a⟨RLI⟩b⟨PDI⟩c⟨RLM⟩d⟨U+0085⟩</bdi>"],
  ])("%j is isolated and its controls shown", (text, markup) => {
    expect(staticMarkup(createElement(ServerText, { text }))).toBe(markup);
  });

  it("keeps the characters of other scripts as they are", () => {
    expect(staticMarkup(createElement(ServerText, { text: "مرحبا 你好 👩‍💻" }))).toBe("<bdi>مرحبا 你好 👩‍💻</bdi>");
  });
});

describe("a file named to pass for another (evil, U+202E, gnp.exe reads as evilexe.png)", () => {
  const name = "evil\u202Egnp.exe";

  it("shows its real characters, isolated, in the message box before it is sent", () => {
    const draft = {
      key: "k1",
      name,
      kind: "image" as const,
      bytes: 2048,
      data: "",
      preview: "data:image/png;base64,AA==",
      tokens: 0,
    };
    const html = staticMarkup(
      createElement(ComposerAttachments, { attachments: [draft], problem: null, onFiles() {}, onRemove() {} }),
    );
    expect(html).not.toMatch(HIDDEN);
    expect(html).toContain('<bdi class="attachment-chip__name">evil⟨RLO⟩gnp.exe</bdi>');
    expect(html).toContain('title="evil⟨RLO⟩gnp.exe · 2 KB"');
    expect(html).toContain('alt="evil⟨RLO⟩gnp.exe"');
  });

  it("shows the same under a sent question, whose chip is the same", () => {
    const html = staticMarkup(createElement(AttachmentChip, { name, bytes: 10, preview: null }));
    expect(html).not.toMatch(HIDDEN);
    expect(html).toContain('<bdi class="attachment-chip__name">evil⟨RLO⟩gnp.exe</bdi>');
  });
});
