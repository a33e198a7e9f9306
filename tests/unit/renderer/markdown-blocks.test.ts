import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { markdownBlocks } from "../../../renderer/src/panes/chat/markdown-blocks.ts";
import { markupTexts } from "../../support/static-markup.ts";
import { parsedWhole, shownAsReply } from "../../support/reply-markup.ts";

beforeAll(() => markupTexts);

/** Lines of every kind of block, and of the kinds that run on over blank lines or refer to each other. */
const LINES = [
  "",
  "",
  "Some words",
  "More *words* and `code`",
  "# Heading",
  "## Sub",
  "- item",
  "- [ ] task",
  "+ plus",
  "1. first",
  "2) second",
  "10. ten",
  "  - nested",
  "  indented",
  "    code by indent",
  "\tTabbed",
  "> quote",
  ">",
  "```",
  "```ts",
  "~~~",
  "````",
  "   ```",
  "| a | b |",
  "|---|---|",
  "| 1 | 2 |",
  "a | b",
  "---",
  "***",
  "* * *",
  "===",
  "[ref]: https://example.com",
  "[^1]: A note",
  "See [ref] and [^1]",
  "<!-- a comment",
  "-->",
  "<div>",
  "</div>",
  "<pre>",
  "</pre>",
  "www.example.com",
  "1. Install:",
  "   ```bash",
  "npm start",
  "```a`b",
  "```\u00a0",
  "\u00a0",
  "\u3000",
  "> [foo]: /url",
  "- [foo]: /url",
  "> [^1]: A quoted note",
  "See [foo] and [a\\]b].",
  "[a\\]b]: /url",
  "Words\r",
  "```\r",
  "\r",
];
const markdown = fc.array(fc.constantFrom(...LINES), { maxLength: 24 }).map((lines) => lines.join("\n"));

describe("a reply drawn block by block", () => {
  it("is drawn exactly as the whole reply parsed at once", () => {
    fc.assert(
      fc.property(markdown, (text) => {
        expect(shownAsReply(text)).toBe(parsedWhole(text));
      }),
      { numRuns: 4000 },
    );
  });

  it("keeps the blocks before its last as they were while lines are added, so only the last is drawn again", () => {
    fc.assert(
      fc.property(markdown, markdown, (text, more) => {
        const before = markdownBlocks(text);
        const after = markdownBlocks(`${text}\n${more}`);
        if (after.length === 1) return;
        expect(after.slice(0, before.length - 1)).toEqual(before.slice(0, -1));
      }),
      { numRuns: 4000 },
    );
  });

  it("cuts a reply at its paragraphs, headings, fences and tables, never inside fenced code", () => {
    const reply = ["# Plan", "", "First step.", "", "```ts", "const a = 1;", "", "const b = 2;", "```", "", "Done."];
    expect(markdownBlocks(reply.join("\n"))).toEqual([
      "# Plan\n",
      "First step.\n",
      "```ts\nconst a = 1;\n\nconst b = 2;\n```\n",
      "Done.",
    ]);
    expect(markdownBlocks("- one\n\n- two\n\n  more\n\nAfter")).toEqual(["- one\n\n- two\n\n  more\n", "After"]);
    expect(markdownBlocks("See [1][a].\n\nMore.\n\n[a]: https://example.com")).toHaveLength(1);
    // Code fenced inside a list item ends with the item: the fence at the margin after it opens another.
    expect(
      markdownBlocks("1. Install:\n   ```bash\nnpm i x\n```\n\nThen run it:\n\n```bash\nnpm start\n```"),
    ).toHaveLength(1);
    // Code about HTML, in a fence, is no reason to parse the reply whole.
    expect(markdownBlocks("Intro.\n\n```html\n<!-- a comment -->\n<script></script>\n```\n\nAfter.")).toHaveLength(3);
  });
});
