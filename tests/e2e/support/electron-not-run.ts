import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** The reason every test of the Electron project gives when there is no Electron binary to run it with. */
export const NO_ELECTRON_BINARY = "the Electron binary is not installed here (its download is unavailable offline)";

/**
 * Says, at the end of a run, how many Electron end-to-end tests did not run for want of the binary,
 * and which: a green run without them must not pass for a run with them.
 */
export default class ElectronNotRunReporter implements Reporter {
  private readonly notRun: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const skippedForTheBinary = result.annotations.some(
      (annotation) => annotation.type === "skip" && annotation.description === NO_ELECTRON_BINARY,
    );
    if (result.status === "skipped" && skippedForTheBinary) {
      this.notRun.push(test.titlePath().slice(2).join(" › "));
    }
  }

  onEnd(): void {
    if (this.notRun.length === 0) return;
    const lines = [
      `${this.notRun.length} Electron end-to-end tests did not run: ${NO_ELECTRON_BINARY}.`,
      ...this.notRun.map((title) => `  not run: ${title}`),
    ];
    console.log(lines.join("\n"));
  }

  printsToStdio(): boolean {
    return true;
  }
}
