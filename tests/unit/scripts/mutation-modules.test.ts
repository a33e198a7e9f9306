import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { MUTATION_MODULES } from "../../../scripts/mutation-modules.ts";

const root = join(import.meta.dirname, "..", "..", "..");
const names = MUTATION_MODULES.map(({ name }) => name);

describe("the mutation modules", () => {
  it("are each named after their first file", () => {
    const misnamed = MUTATION_MODULES.filter(({ name, files }) => {
      const [first = ""] = files;
      return name !== basename(first, ".ts").replaceAll("-", "_");
    });
    expect(misnamed.map(({ name, files }) => `${name}: ${files[0]}`)).toEqual([]);
  });

  it("name files that exist", () => {
    const missing = MUTATION_MODULES.flatMap(({ files }) => files).filter((file) => !existsSync(join(root, file)));
    expect(missing).toEqual([]);
  });

  it("are the modules the recorded scores and the development guide name, in the same order", () => {
    const recorded = Object.keys(JSON.parse(readFileSync(join(root, "docs", "mutation-scores.json"), "utf8")));
    expect(recorded.filter((name) => !names.includes(name))).toEqual([]);
    const guide = readFileSync(join(root, "docs", "development.md"), "utf8");
    const listed = [...guide.matchAll(/^\| `(\w+)` +\|/gm)].map(([, name]) => name);
    expect(listed).toEqual(names);
  });
});
