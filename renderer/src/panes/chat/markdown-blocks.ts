/** A fence that opens or closes fenced code at the top level: up to 3 spaces, then 3 or more ` or ~. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Blocks that run on over blank lines (HTML comments, `<pre>` and the like) or that a later block refers to. */
const READS_ACROSS_BLANK_LINES = /<!--|<\?|<!\[?[A-Za-z]|<(pre|script|style|textarea)\b|^ {0,3}\[[^\]]+\]:/im;
/** A line after a blank one that still belongs to what came before: indented, a list item, a quote or a table row. */
const CONTINUES = /^(\s|[-*+](\s|$)|\d{1,9}[.)](\s|$)|>|\|)/;

/**
 * A reply's Markdown cut into top-level blocks that parse apart exactly as they parse together, so a
 * streaming reply parses only its last block with each delta (the earlier ones are drawn once). A
 * cut falls only at a blank line outside fenced code, before a line that starts something new at
 * the margin; text whose parts refer to one another (link definitions, footnotes, HTML comments and
 * the like) stays whole.
 */
export function markdownBlocks(text: string): string[] {
  if (READS_ACROSS_BLANK_LINES.test(text)) return [text];
  const lines = text.split("\n");
  const blocks: string[] = [];
  let start = 0;
  let fence: string | null = null;
  let written = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const blank = line.trim() === "";
    const startsAnew = fence === null && written && !blank && lines[index - 1]!.trim() === "" && !CONTINUES.test(line);
    if (startsAnew) {
      blocks.push(lines.slice(start, index).join("\n"));
      start = index;
    }
    written ||= !blank;
    const marker = FENCE.exec(line)?.[1];
    if (marker === undefined) continue;
    if (fence === null) fence = marker;
    else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
  }
  blocks.push(lines.slice(start).join("\n"));
  return blocks;
}
