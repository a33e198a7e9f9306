import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../e2e/support/electron-binary.ts";

/** The product's own code: where the layer rules hold. */
const PRODUCT = ["electron", "renderer", "shared", "scripts"];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(PROJECT_ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name))
    .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)));
}

/**
 * An inline directive that turns a layer rule off: one naming a `layers/` rule, one naming no rule
 * (it turns every rule off), or a rule configured in a comment. A rule cannot refuse a directive
 * that turns it off, so they are refused here.
 */
function layerDirectivesIn(code: string): string[] {
  const found: string[] = [];
  for (const [comment = "", body = ""] of code.matchAll(
    /(?:\/\/|\/\*)\s*(eslint(?:-disable|-enable)?(?:-next-line|-line)?\b[^\n*]*)/g,
  )) {
    const [directive = "", rules = ""] = body.split(/\s+--\s+/)[0]!.split(/\s+(.*)/s);
    const named = rules
      .split(",")
      .map((rule) => rule.trim().split(/[\s:]/)[0])
      .filter(Boolean);
    if (
      directive === "eslint"
        ? rules.includes("layers/")
        : named.length === 0 || named.some((rule) => rule!.startsWith("layers/"))
    )
      found.push(comment.trim());
  }
  return found;
}

describe("inline lint directives in the product's code", () => {
  it("never turn the layer rules off", () => {
    const offenders = PRODUCT.flatMap(sourceFiles).flatMap((file) =>
      layerDirectivesIn(readFileSync(join(PROJECT_ROOT, file), "utf8")).map((directive) => `${file}: ${directive}`),
    );
    expect(offenders).toEqual([]);
  });

  it.each([
    "// eslint-disable-next-line layers/allowed-imports",
    "/* eslint-disable layers/allowed-imports, no-console */",
    "/* eslint-disable */",
    "// eslint-disable-line",
    "/* eslint layers/allowed-imports: off */",
  ])("refuses %s", (directive) => {
    expect(layerDirectivesIn(`${directive}\nimport x from "ws";`)).toHaveLength(1);
  });

  it("lets a directive for another rule, with its reason, stand", () => {
    expect(
      layerDirectivesIn("// eslint-disable-next-line no-control-regex -- control characters are what this finds"),
    ).toEqual([]);
  });
});
