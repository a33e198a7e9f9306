import { describe, expect, it } from "vitest";
import { mergeReports, moduleScore, type MutationReport } from "../../../scripts/mutation-scores.ts";

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe("mutation scores", () => {
  it("count killed and timed-out mutants as caught, survived and uncovered ones as missed, and nothing else", () => {
    const report: MutationReport = {
      files: {
        "a.ts": mutants("Killed", "Killed", "Timeout", "Survived"),
        "b.ts": mutants("NoCoverage", "Ignored", "CompileError", "RuntimeError", "Killed"),
      },
    };
    expect(moduleScore(report, ["a.ts", "b.ts"])).toEqual({ caught: 4, missed: 2, score: 66.67, unmeasured: [] });
    expect(moduleScore(report, ["a.ts", "c.ts"])).toEqual({ caught: 3, missed: 1, score: 75, unmeasured: ["c.ts"] });
    expect(moduleScore(report, ["c.ts"]).score).toBeNull();
  });

  it("a run of some files replaces their results and keeps the module's others", () => {
    const stored: MutationReport = {
      files: { "a.ts": mutants("Survived"), "b.ts": mutants("Killed") },
      testFiles: { x: 1 },
    };
    const run: MutationReport = { files: { "a.ts": mutants("Killed") }, testFiles: { y: 2 } };
    expect(mergeReports(stored, run)).toEqual({
      files: { "a.ts": mutants("Killed"), "b.ts": mutants("Killed") },
      testFiles: { x: 1, y: 2 },
    });
    expect(mergeReports(null, run)).toEqual({ files: run.files, testFiles: run.testFiles });
  });
});
