import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { benchArgs, chooseBenchSize, sized } from "../../../tests/bench/bench-size.ts";

const PROJECT_ROOT = join(import.meta.dirname, "..", "..", "..");

describe("the bench run's arguments", () => {
  it("takes --smoke as the size wherever it stands, and the rest as bench names", () => {
    expect(benchArgs([])).toEqual({ smoke: false, names: [], unknownOptions: [] });
    expect(benchArgs(["--smoke"])).toEqual({ smoke: true, names: [], unknownOptions: [] });
    expect(benchArgs(["relay", "--smoke", "compare"])).toEqual({
      smoke: true,
      names: ["relay", "compare"],
      unknownOptions: [],
    });
    expect(benchArgs(["relay_page", "compare"])).toEqual({
      smoke: false,
      names: ["relay_page", "compare"],
      unknownOptions: [],
    });
  });

  it("names any other option, so a misspelt --smoke does not run the full benches", () => {
    expect(benchArgs(["--smok", "relay", "-s"])).toEqual({
      smoke: false,
      names: ["relay"],
      unknownOptions: ["--smok", "-s"],
    });
  });

  it("is what run.ts reads: --smoke is not taken for a bench's name", () => {
    const run = spawnSync(process.execPath, ["tests/bench/run.ts", "--smoke", "no_such_bench"], {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("No bench named no_such_bench; the benches are relay,");
    expect(run.stderr).not.toContain("--smoke");
  });
});

describe("a bench's size", () => {
  it("is read once the run has chosen full or smoke, never before", () => {
    expect(() => sized(60, 2)).toThrow(/before the run chose one/);
    chooseBenchSize(true);
    expect(sized(60, 2)).toBe(2);
    chooseBenchSize(false);
    expect(sized(60, 2)).toBe(60);
  });
});
