import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { markupTexts } from "../../support/static-markup.ts";
import { parsedWhole, shownAsReply } from "../../support/reply-markup.ts";

beforeAll(() => markupTexts);

/** Letters, digits and every ASCII punctuation, with spaces, line breaks and a few letters beyond ASCII. */
const PIECES = [
  ..."abcXYZ019 ,.;:?!'\"/%-_*`~#>+=|&@<[](){}\\^$\n\t",
  "www.",
  "http://",
  "mailto:",
  "é",
  "ü",
  "語",
  "\u0301",
  "  ",
];
const replyStart = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((pieces) => pieces.join(""));

describe("a reply's words drawn without a parse", () => {
  it("are drawn exactly as Markdown draws them, whatever the characters", () => {
    fc.assert(
      fc.property(replyStart, (text) => {
        expect(shownAsReply(text)).toBe(parsedWhole(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("include the words a reply starts with, and leave Markdown to Markdown", () => {
    for (const plain of [
      "Sure",
      "Here is the answer, in short",
      'It\'s "quoted"; well-known? 50% of it!',
      "Ünïcödé 語",
    ]) {
      expect(shownAsReply(plain)).toMatch(/^<div class="markdown"><p>[^<]+<\/p><\/div>$/);
    }
    expect(shownAsReply("See www.example.com")).toContain("<a href=");
    expect(shownAsReply("**Bold**")).toContain("<strong>Bold</strong>");
  });
});
