import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { snippetAround } from "../../../electron/services/chat/search-snippet.ts";
import { markedParts, matchRanges } from "../../../shared/text-matches.ts";

describe("a found message's snippet", () => {
  it("is the whole text, unmarked around its matches, when the text is short", () => {
    expect(snippetAround("Find the NEEDLE and the needle", "needle")).toEqual({
      snippet: "Find the NEEDLE and the needle",
      marks: [
        { start: 9, end: 15 },
        { start: 24, end: 30 },
      ],
    });
    expect(snippetAround("nothing here", "needle")).toBeNull();
  });

  it("never cuts a character in two, and keeps every mark on the text it marks", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.string({ unit: "grapheme", maxLength: 200 }),
        (before, after) => {
          const text = `${before}needle${after}`;
          const found = snippetAround(text, "needle");
          expect(found?.snippet.isWellFormed()).toBe(true);
          for (const { start, end } of found?.marks ?? [])
            expect(found?.snippet.slice(start, end).toLowerCase()).toBe("needle");
        },
      ),
    );
  });
});

describe("marked parts of a text", () => {
  it("alternate plain and marked, and skip marks that overlap or fall outside the text", () => {
    const text = "a needle in a needle";
    expect(markedParts(text, matchRanges(text, "NEEDLE"))).toEqual([
      { text: "a ", marked: false },
      { text: "needle", marked: true },
      { text: " in a ", marked: false },
      { text: "needle", marked: true },
    ]);
    expect(
      markedParts("short", [
        { start: 2, end: 1 },
        { start: 3, end: 99 },
      ]),
    ).toEqual([{ text: "short", marked: false }]);
  });
});
