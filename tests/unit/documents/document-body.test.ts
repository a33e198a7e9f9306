import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DOCUMENT_CHARS_MAX } from "../../../shared/ipc/documents.ts";
import { documentBody, NoTextError } from "../../../electron/services/documents/document-body.ts";

describe("a document's text as it is sent", () => {
  it("is never longer than the bound, never ends inside a surrogate pair, and keeps its pages in order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 40_000 }), { minLength: 1, maxLength: 8 }),
        (pages) => {
          fc.pre(pages.some((page) => page.replace(/[\s\p{Cc}]/gu, "") !== ""));
          const body = documentBody("pdf", pages, pages.length);
          expect(body.text.length).toBeLessThanOrEqual(DOCUMENT_CHARS_MAX);
          expect(/[\uD800-\uDBFF]$/.test(body.text)).toBe(false);
          const markers = [...body.text.matchAll(/^\[Page (\d+)\]$/gm)].map((match) => Number(match[1]));
          expect(markers).toEqual(markers.map((_, index) => index + 1));
        },
      ),
      { seed: 46, numRuns: 60 },
    );
  });

  it("says it was cut only when it was, and drops control characters", () => {
    const long = documentBody("docx", ["a".repeat(DOCUMENT_CHARS_MAX + 10)], null);
    expect(long).toMatchObject({ cut: true });
    expect(long.text).toHaveLength(DOCUMENT_CHARS_MAX);
    expect(documentBody("docx", ["one\u0000two\u001b"], null)).toMatchObject({ text: "onetwo", cut: false });
  });

  it("has no text when every page is blank", () => {
    expect(() => documentBody("pdf", ["  ", "\n\u0000"], 2)).toThrow(NoTextError);
  });
});
