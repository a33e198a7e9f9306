import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../e2e/support/electron-binary.ts";
import { ALLOWED, VIOLATIONS } from "./planted-layers.ts";

const eslint = new ESLint({ cwd: PROJECT_ROOT });

/** The findings of the layer rules (folders, runtimes, raw IPC) for `code` as if it were the file at `path`. */
async function layerFindings(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${PROJECT_ROOT}/${path}` });
  return result!.messages.filter((message) => message.ruleId?.startsWith("layers/")).map(({ message }) => message);
}

describe("the layer lint enforces the architecture", () => {
  it.each(VIOLATIONS)("refuses %s (%s)", async (_rule, path, code) => {
    expect(await layerFindings(path, code)).toHaveLength(1);
  });

  it.each(ALLOWED)("allows %s (%s)", async (_rule, path, code) => {
    expect(await layerFindings(path, code)).toEqual([]);
  });
});

describe("each layer finding", () => {
  const headings = readFileSync(`${PROJECT_ROOT}/docs/architecture.md`, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("#"))
    .map((line) =>
      line
        .replace(/^#+\s*/, "")
        .toLowerCase()
        .replace(/\s+/g, "-"),
    );

  it.each(VIOLATIONS)("names the section of docs/architecture.md that explains it: %s", async (_rule, path, code) => {
    const [finding = ""] = await layerFindings(path, code);
    const anchor = /See docs\/architecture\.md#([a-z-]+)\.$/.exec(finding)?.[1];
    expect(headings).toContain(anchor);
  });
});
