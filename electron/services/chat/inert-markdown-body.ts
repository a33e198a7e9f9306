import { visibleEscapes } from "./inert-markdown-text.ts";

/*
 * A message's text is Markdown and stays Markdown, but a viewer that renders HTML must not run
 * any of it: every `<` outside code becomes `&lt;` (all raw HTML starts with one), and a link to
 * anything but http(s), mailto or a relative address is broken into text.
 *
 * Code is where `<` must stay, and where it is depends on what the lines sit in. A `<` left as it
 * is in what this reads as code, but a viewer does not, would run; a `<` escaped in real code only
 * shows as `&lt;`. So code is kept only where every CommonMark reading agrees, whatever list items
 * are around: a fence opened with spaces alone before it (4 or more only after a blank line, where
 * it is a fence in a list item or indented code, never a paragraph's next line), its lines never
 * less indented, closed at a column no list item around it could move; and a code span closed on
 * its own line before any unmatched backticks. Anything else that might be a fence (after a list
 * or quote marker, after a tab, a line under the fence's indent) makes the whole message "flat":
 * every `<` escaped and every fence broken, so nothing stays open after it.
 */

interface Fence {
  readonly indent: number;
  readonly marker: string;
  readonly length: number;
}

const OPENER = /^( *)(`{3,}|~{3,})(.*)$/;
/** A fence run after only list markers, quote markers and whitespace: a fence this does not follow. */
const FENCE_ELSEWHERE = /^([ \t>*+\-.)\d]*)(`{3}|~{3})/;
const BLANK = /^[ \t]*$/;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/** The column where the line's text starts, tabs to the next multiple of 4 as CommonMark counts them. */
function columnOf(line: string): number {
  let column = 0;
  for (const character of line) {
    if (character === " ") column += 1;
    else if (character === "\t") column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** A link destination that may stay live: http(s), mailto, or one naming no scheme at all. */
function safeDestination(destination: string): boolean {
  const head = destination.replace(/^</, "").split(/[/?]/, 1)[0] ?? "";
  if (/^(?:https?|mailto):/i.test(head)) return true;
  // An entity, an escape or a percent sign before the first slash could spell a scheme's colon.
  return !/[:&\\%]/.test(head);
}

/** Text outside code: links to other schemes broken (`]\(`, `]\:`), then every `<` (escaped or not) as `&lt;`. */
function outsideCode(text: string): string {
  return text
    .replace(/\]([(:])(?=[ \t]*([^\s)]*))/g, (link, opener: string, destination: string) =>
      destination && safeDestination(destination) ? link : `]\\${opener}`,
    )
    .replace(/(\\*)</g, (_, slashes: string) => `${slashes.slice(slashes.length % 2)}&lt;`);
}

/** The backtick run starting at `start`, and where the next run of exactly its length starts (-1: none). */
function codeSpanAt(text: string, start: number): { length: number; close: number } {
  const length = /^`+/.exec(text.slice(start))![0].length;
  for (let index = start + length; index < text.length;) {
    const run = /`+/.exec(text.slice(index));
    if (!run) break;
    const at = index + run.index;
    if (run[0].length === length) return { length, close: at };
    index = at + run[0].length;
  }
  return { length, close: -1 };
}

/**
 * One line outside fences, cut at unescaped `|` (a GFM table splits its cells before code spans),
 * its code spans kept. An unmatched run could close on a later line of the paragraph, so spans
 * are not trusted again until a blank line.
 */
function textLine(line: string, spans: { trusted: boolean }): string {
  const cells = line.split(/(?<=(?:^|[^\\])(?:\\\\)*)\|/);
  return cells
    .map((cell) => {
      let out = "";
      let plain = "";
      for (let index = 0; index < cell.length;) {
        const character = cell[index]!;
        if (character === "\\" && ASCII_PUNCTUATION.test(cell[index + 1] ?? "")) {
          plain += cell.slice(index, index + 2);
          index += 2;
        } else if (character === "`") {
          const { length, close } = codeSpanAt(cell, index);
          const end = spans.trusted && close >= 0 ? close + length : index + length;
          if (close < 0) spans.trusted = false;
          if (end > index + length) {
            out += outsideCode(plain) + cell.slice(index, end);
            plain = "";
          } else plain += cell.slice(index, end);
          index = end;
        } else {
          plain += character;
          index += 1;
        }
      }
      return out + outsideCode(plain);
    })
    .join("|");
}

/** The message read with fences and code spans, or null where a fence could be read two ways. */
function withCode(lines: readonly string[]): string[] | null {
  const out: string[] = [];
  const spans = { trusted: true };
  let fence: Fence | null = null;
  let afterBlank = true;
  for (const line of lines) {
    const blank = BLANK.test(line);
    if (blank) {
      spans.trusted = true;
      out.push(line);
    } else if (fence) {
      const column = columnOf(line);
      if (column < fence.indent) return null;
      const closer = new RegExp(`^[ \\t]*\\${fence.marker}{${fence.length},}[ \\t]*$`).test(line);
      if (closer && column <= Math.max(3, fence.indent)) fence = null;
      else if (closer && column <= fence.indent + 3) return null;
      out.push(line);
    } else {
      const opener = OPENER.exec(line);
      const placed = opener && (opener[1]!.length <= 3 || afterBlank);
      if (placed && (opener[2]!.startsWith("~") || !opener[3]!.includes("`"))) {
        fence = { indent: opener[1]!.length, marker: opener[2]![0]!, length: opener[2]!.length };
        out.push(line);
      } else if (FENCE_ELSEWHERE.test(line)) return null;
      else out.push(textLine(line, spans));
    }
    afterBlank = blank;
  }
  if (fence) out.push(" ".repeat(fence.indent) + fence.marker.repeat(fence.length));
  return out;
}

/** The message with no code kept: every `<` escaped, every fence broken so none can stay open. */
function flat(lines: readonly string[]): string[] {
  return lines.map((line) => outsideCode(line.replace(FENCE_ELSEWHERE, "$1\\$2")));
}

/**
 * A message's Markdown for an export: headings, lists, emphasis, tables, code and http(s) links as
 * written; raw HTML shown as text; control and bidi characters as `\u202E`. It ends with nothing
 * open (a fence it left open is closed), so it cannot change how the text after it reads.
 */
export function inertBody(markdown: string): string {
  const lines = visibleEscapes(markdown.replace(/\r\n?/g, "\n")).split("\n");
  return (withCode(lines) ?? flat(lines)).join("\n");
}
