/** A line of only spaces and tabs (a carriage return aside): blank, as Markdown counts it. */
const BLANK = /^[ \t]*\r?$/;
/** An opening fence: up to 3 spaces, then 3 or more backticks (with no backtick after them) or tildes. */
const OPENING_FENCE = /^( {0,3})(`{3,}(?=[^`]*$)|~{3,})/;
/** A closing fence: up to 3 spaces, then the fence's characters and nothing else. */
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/;
/**
 * Outside code, a line that may be read with another block: a link or footnote definition, or HTML
 * (which can run on over blank lines), at the margin, indented, or in a list item or quote.
 */
const READ_ACROSS_BLOCKS = /^[ \t>*+\-\d.)]*(\[.*\]:|<)/;
/** A line after a blank one that still belongs to what came before: indented, a list item, a quote or a table row. */
const CONTINUES = /^([ \t]|[-*+]([ \t]|\r?$)|\d{1,9}[.)]([ \t]|\r?$)|>|\|)/;

/**
 * A reply's Markdown cut into top-level blocks that parse apart exactly as they parse together, so a
 * streaming reply parses only its last block with each delta (the earlier ones are drawn once). A
 * cut falls only at a blank line outside fenced code, before a line that starts something new at
 * the margin; text whose parts may be read together (link and footnote definitions, HTML, code
 * fenced inside a list item that a line at the margin ends) stays whole.
 */
export function markdownBlocks(text: string): string[] {
  const lines = text.split("\n");
  const blocks: string[] = [];
  let start = 0;
  let written = false;
  let fence: { marker: string; indented: boolean } | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const blank = BLANK.test(line);
    if (fence !== null) {
      // An indented fence may be a list item's, which a line at the margin ends, fence and all.
      if (fence.indented && !blank && !/^[ \t]/.test(line)) return [text];
      const closing = CLOSING_FENCE.exec(line)?.[1];
      if (closing !== undefined && closing[0] === fence.marker[0] && closing.length >= fence.marker.length)
        fence = null;
      continue;
    }
    if (READ_ACROSS_BLOCKS.test(line)) return [text];
    if (written && !blank && BLANK.test(lines[index - 1]!) && !CONTINUES.test(line)) {
      blocks.push(lines.slice(start, index).join("\n"));
      start = index;
    }
    const opening = OPENING_FENCE.exec(line);
    if (opening) fence = { marker: opening[2]!, indented: opening[1] !== "" };
    written ||= !blank;
  }
  blocks.push(lines.slice(start).join("\n"));
  return blocks;
}
