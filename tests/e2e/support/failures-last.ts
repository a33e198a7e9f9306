import { stripVTControlCharacters } from "node:util";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const FIRST_LINES = 6;

/**
 * Names, as the run's very last lines, every test that failed and every test that passed only on a
 * retry, each with the start of its error: a log cut to its tail still says what went wrong.
 */
export default class FailuresLastReporter implements Reporter {
  private readonly failedAt = new Map<TestCase, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "failed" || result.status === "timedOut") {
      this.failedAt.set(test, firstLinesOf(result));
    }
  }

  onEnd(): void {
    const lines: string[] = [];
    for (const [test, error] of this.failedAt) {
      const label = test.outcome() === "flaky" ? "passed only on a retry" : "FAILED";
      lines.push(`${label}: [${test.parent.project()?.name}] ${titleOf(test)}`, error);
    }
    if (lines.length === 0) return;
    console.log(lines.join("\n"));
  }

  printsToStdio(): boolean {
    return true;
  }
}

function titleOf(test: TestCase): string {
  return test.titlePath().slice(2).join(" › ");
}

function firstLinesOf(result: TestResult): string {
  const message = result.errors.map((error) => error.message ?? error.value ?? "").join("\n");
  return stripVTControlCharacters(message)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, FIRST_LINES)
    .map((line) => `    ${line.slice(0, 300)}`)
    .join("\n");
}
