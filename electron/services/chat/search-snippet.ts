import type { FoundMessage } from "../../../shared/ipc/chat-search.ts";
import { matchRanges } from "../../../shared/text-matches.ts";

/** Characters of the message shown before its first match (few: the list is narrow), and after it. */
const BEFORE = 16;
const AFTER = 100;

/** A UTF-16 unit that is the second half of a character: a cut there would split the character. */
const isSecondHalf = (text: string, at: number) => /[\uDC00-\uDFFF]/.test(text.charAt(at));

/**
 * The text around the first place `needle` occurs in `text`, on one line, with each match in it
 * marked; null when it does not occur (a candidate the index gave that the text does not confirm).
 */
export function snippetAround(text: string, needle: string): Pick<FoundMessage, "snippet" | "marks"> | null {
  const [first] = matchRanges(text, needle, 1);
  if (!first) return null;
  const from = Math.max(0, first.start - BEFORE);
  const start = isSecondHalf(text, from) ? from - 1 : from;
  const to = Math.min(text.length, first.end + AFTER);
  const end = isSecondHalf(text, to) ? to + 1 : to;
  const lead = start > 0 ? "…" : "";
  const shown = text.slice(start, end);
  return {
    // One space for each line break or tab: the marks keep their places.
    snippet: `${lead}${shown.replace(/\s/g, " ")}${end < text.length ? "…" : ""}`,
    marks: matchRanges(shown, needle).map((range) => ({
      start: range.start + lead.length,
      end: range.end + lead.length,
    })),
  };
}
