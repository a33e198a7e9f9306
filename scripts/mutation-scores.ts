/** Reads Stryker's JSON report (mutation-testing-report-schema): merges runs and scores modules. */

interface ReportedMutant {
  readonly status: string;
}

export interface MutationReport {
  readonly files: Readonly<Record<string, { readonly mutants: readonly ReportedMutant[] }>>;
  readonly testFiles?: Readonly<Record<string, unknown>>;
}

/** Statuses a test caught: the mutant changed behaviour and a test noticed. */
const CAUGHT = new Set(["Killed", "Timeout"]);
/** Statuses no test caught. Ignored mutants and mutants that do not compile or load count neither way. */
const MISSED = new Set(["Survived", "NoCoverage"]);

/**
 * A run that mutated some of a module's files replaces those files' results in the module's
 * stored report and keeps the others, so the stored report stays whole for the next
 * incremental run and for the module's score.
 */
export function mergeReports(stored: MutationReport | null, run: MutationReport): MutationReport {
  return {
    ...run,
    files: { ...stored?.files, ...run.files },
    testFiles: { ...stored?.testFiles, ...run.testFiles },
  };
}

interface ModuleScore {
  readonly caught: number;
  readonly missed: number;
  /** Percentage of scored mutants that tests caught, two decimals; null when none were scored. */
  readonly score: number | null;
  /** Module files the report has no results for (never run yet). */
  readonly unmeasured: readonly string[];
}

/** Stryker's mutation score over `files` of `report`. */
export function moduleScore(report: MutationReport, files: readonly string[]): ModuleScore {
  let caught = 0;
  let missed = 0;
  const unmeasured: string[] = [];
  for (const file of files) {
    const result = report.files[file];
    if (!result) {
      unmeasured.push(file);
      continue;
    }
    for (const { status } of result.mutants) {
      if (CAUGHT.has(status)) caught += 1;
      else if (MISSED.has(status)) missed += 1;
    }
  }
  const scored = caught + missed;
  const score = scored === 0 ? null : Math.round((caught / scored) * 10_000) / 100;
  return { caught, missed, score, unmeasured };
}
