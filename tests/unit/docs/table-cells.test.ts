import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");
/** Past this a cell is prose: it belongs in a paragraph or a list under the table. */
const MAX_CELL_CHARACTERS = 300;

const markdownFiles = [
  join(root, "README.md"),
  ...readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(root, "docs", name)),
];

/** Each table cell outside fenced code, with the line it is on. */
function tableCells(markdown: string): { line: number; text: string }[] {
  const cells: { line: number; text: string }[] = [];
  let fenced = false;
  markdown.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || !line.startsWith("|")) return;
    // A `\|` is a pipe inside a cell, not a border.
    const row = line.replace(/^\|/, "").replace(/(?<!\\)\|$/, "");
    const texts = row.split(/(?<!\\)\|/).map((text) => text.trim());
    // The row under the header only repeats the column widths.
    if (texts.every((text) => /^:?-+:?$/.test(text))) return;
    for (const text of texts) cells.push({ line: index + 1, text });
  });
  return cells;
}

describe("tables in the README and docs", () => {
  it("reads cells between unescaped pipes, outside code fences", () => {
    const markdown = ["| a | b \\| c |", "| --- | --- |", "```", "| not | a table |", "```", "|x|y|"].join("\n");
    expect(tableCells(markdown).map(({ line, text }) => `${line}:${text}`)).toEqual(["1:a", "1:b \\| c", "6:x", "6:y"]);
  });

  it(`keeps every cell under ${MAX_CELL_CHARACTERS} characters`, () => {
    const long = markdownFiles.flatMap((file) =>
      tableCells(readFileSync(file, "utf8"))
        .filter(({ text }) => text.length > MAX_CELL_CHARACTERS)
        .map(({ line, text }) => `${relative(root, file)}:${line} (${text.length}): ${text.slice(0, 60)}…`),
    );
    expect(long).toEqual([]);
  });
});
