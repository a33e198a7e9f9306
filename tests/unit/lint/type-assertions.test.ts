import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");
/** The product's code; tests, scripts and the tooling may assert what they know. */
const PRODUCTION = ["electron", "renderer", "shared"];
/**
 * Each assertion tells the compiler to stop checking. These are the counts the code has come down
 * to: lower them when one goes, never raise them; a new one is a parse, a type guard or a better type.
 */
const LIMITS = { as: 21, nonNull: 13 };

interface Assertion {
  readonly kind: "as" | "nonNull";
  readonly where: string;
}

/** `x as T` and `<T>x` (not `as const`, which only narrows a literal) and `x!`, each with its file and line. */
function assertionsIn(file: string, code: string): Assertion[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const found: Assertion[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !ts.isConstTypeReference(node.type))
      found.push({ kind: "as", where: at(node) });
    if (ts.isNonNullExpression(node)) found.push({ kind: "nonNull", where: at(node) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function productionFiles(): string[] {
  return PRODUCTION.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  );
}

describe("type assertions in production code", () => {
  it("counts casts and non-null assertions, not `as const` or renamed imports", () => {
    const code = [
      'import { a as b } from "x";',
      "export { b as c };",
      "const d = [1] as const;",
      "const e = f as string;",
      "const g = <number>h;",
      "const i = j!.k!;",
    ].join("\n");
    expect(assertionsIn("sample.ts", code)).toEqual([
      { kind: "as", where: "sample.ts:4" },
      { kind: "as", where: "sample.ts:5" },
      { kind: "nonNull", where: "sample.ts:6" },
      { kind: "nonNull", where: "sample.ts:6" },
    ]);
  });

  it(`holds at most ${LIMITS.as} casts and ${LIMITS.nonNull} non-null assertions`, () => {
    const found = productionFiles().flatMap((file) => assertionsIn(file, readFileSync(join(root, file), "utf8")));
    const casts = found.filter(({ kind }) => kind === "as").map(({ where }) => where);
    const nonNull = found.filter(({ kind }) => kind === "nonNull").map(({ where }) => where);
    expect(casts.length, `casts:\n${casts.join("\n")}`).toBeLessThanOrEqual(LIMITS.as);
    expect(nonNull.length, `non-null assertions:\n${nonNull.join("\n")}`).toBeLessThanOrEqual(LIMITS.nonNull);
  });
});
