import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { Result } from "axe-core";
import { PROJECT_ROOT } from "./electron-binary.ts";

/** The impacts that fail the run: a screen-reader or keyboard user is blocked or badly hindered. */
const BLOCKING = new Set(["serious", "critical"]);

export interface AxeCount {
  readonly view: string;
  readonly serious: number;
  readonly critical: number;
  readonly moderate: number;
  readonly minor: number;
  /** Rule id and the first offending element of each blocking violation, to fix it from the report. */
  readonly blocking: readonly string[];
  /** The same for moderate and minor ones. */
  readonly others: readonly string[];
}

/** Scans the page as it is now with axe-core's WCAG 2.1 AA and best-practice rules. */
export async function axeScan(page: Page, view: string): Promise<AxeCount> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // The app has no frames; the default mode merges frames' results in a page of a context it
    // must have created itself, which a page from browser.newPage() is not.
    .setLegacyMode(true)
    .analyze();
  const count = (impact: string) =>
    violations.filter((violation) => violation.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
  return {
    view,
    serious: count("serious"),
    critical: count("critical"),
    moderate: count("moderate"),
    minor: count("minor"),
    blocking: violations.filter((violation) => BLOCKING.has(violation.impact ?? "")).map(describe),
    others: violations.filter((violation) => !BLOCKING.has(violation.impact ?? "")).map(describe),
  };
}

const describe = (violation: Result) =>
  `${violation.id}: ${violation.nodes[0]?.target.join(" ")} (${violation.nodes.length})`;

/** Prints one line per view and keeps the whole report in tests/artifacts/axe/<name>.json. */
export function reportAxe(name: string, counts: readonly AxeCount[]): void {
  const folder = join(PROJECT_ROOT, "tests", "artifacts", "axe");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name}.json`), `${JSON.stringify(counts, null, 2)}\n`);
  for (const { view, serious, critical, moderate, minor } of counts)
    console.log(`axe ${name} ${view}: critical ${critical}, serious ${serious}, moderate ${moderate}, minor ${minor}`);
}
