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
