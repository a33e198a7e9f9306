import type { TextRange } from "./ipc/chat-search.ts";

/**
 * ASCII letters in lower case, every other character as it is: the comparison SQLite's LIKE makes.
 * Folding nothing else keeps each character where it was, so a match's place is its place in the text.
 */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** Where `needle` occurs in `text` (ASCII letters of either case alike), left to right without overlaps; `limit` at most. */
export function matchRanges(text: string, needle: string, limit = Number.POSITIVE_INFINITY): TextRange[] {
  const sought = foldAscii(needle);
  if (sought === "") return [];
  const folded = foldAscii(text);
  const ranges: TextRange[] = [];
  for (
    let at = folded.indexOf(sought);
    at !== -1 && ranges.length < limit;
    at = folded.indexOf(sought, at + sought.length)
  ) {
    ranges.push({ start: at, end: at + sought.length });
  }
  return ranges;
}

/** A text cut into plain parts and matched parts, in order, for drawing the matches marked. */
export function markedParts(text: string, marks: readonly TextRange[]): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of marks) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
