/** A reading of something that grows with spend (a budget's used) or shrinks with it (the balance); `at` in ms. */
export interface Reading {
  readonly at: number;
  readonly value: number;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * Spend per millisecond over `[from, to]`: the sum of the moves in the spending direction between
 * consecutive readings, over the time the readings cover. A move the other way is a reset or a top-up,
 * not negative spend, so it is left out. Null when the readings cover less than `minCoverage`: a
 * rate from two readings a minute apart says nothing about a day.
 */
export function burnRate(
  readings: readonly Reading[],
  window: { readonly from: number; readonly to: number },
  direction: "up" | "down",
  minCoverage: number,
): number | null {
  const inside = readings.filter((reading) => reading.at >= window.from && reading.at <= window.to);
  const first = inside[0];
  const last = inside.at(-1);
  if (!first || !last || last.at - first.at < minCoverage) return null;
  let spent = 0;
  for (let index = 1; index < inside.length; index++) {
    const previous = inside[index - 1];
    const current = inside[index];
    if (!previous || !current) continue;
    const move = direction === "up" ? current.value - previous.value : previous.value - current.value;
    if (move > 0) spent += move;
  }
  return spent / (last.at - first.at);
}

/** A dashed segment from now to where the current rate leads. */
export interface ProjectionLine {
  readonly from: Reading;
  readonly to: Reading;
}

export type BudgetProjection =
  | { readonly state: "thin" }
  | { readonly state: "exhausted" }
  | { readonly state: "idle" }
  | { readonly state: "runsOut"; readonly at: number; readonly line: ProjectionLine }
  | { readonly state: "outlasts"; readonly resetAt: number; readonly line: ProjectionLine };

/**
 * When a budget runs out at `rate` (per ms): before its reset (`runsOut`), or not (`outlasts`, and the
 * line ends at the reset with what would be used by then).
 */
export function projectBudget(input: {
  readonly used: number;
  readonly budget: number;
  readonly resetAt: number;
  readonly rate: number | null;
  readonly now: number;
}): BudgetProjection {
  const { used, budget, resetAt, rate, now } = input;
  if (used >= budget) return { state: "exhausted" };
  if (rate === null) return { state: "thin" };
  if (rate <= 0) return { state: "idle" };
  const from = { at: now, value: used };
  const at = now + (budget - used) / rate;
  if (at < resetAt) return { state: "runsOut", at, line: { from, to: { at, value: budget } } };
  return { state: "outlasts", resetAt, line: { from, to: { at: resetAt, value: used + rate * (resetAt - now) } } };
}

/** Beyond this the balance "lasts more than a year": a precise figure would be false precision. */
export const BALANCE_HORIZON_DAYS = 365;

export type BalanceProjection =
  | { readonly state: "thin" }
  | { readonly state: "exhausted" }
  | { readonly state: "idle" }
  | { readonly state: "lasts"; readonly days: number; readonly line: ProjectionLine }
  | { readonly state: "beyondHorizon"; readonly line: ProjectionLine };

/**
 * How long the balance lasts at `rate` (per ms). The line runs `lineSpan` ms ahead (or to zero if
 * sooner), so the chart keeps showing the history rather than the far future.
 */
export function projectBalance(input: {
  readonly balance: number;
  readonly rate: number | null;
  readonly now: number;
  readonly lineSpan: number;
}): BalanceProjection {
  const { balance, rate, now, lineSpan } = input;
  if (balance <= 0) return { state: "exhausted" };
  if (rate === null) return { state: "thin" };
  if (rate <= 0) return { state: "idle" };
  const untilZero = balance / rate;
  const ahead = Math.min(untilZero, lineSpan);
  const line = { from: { at: now, value: balance }, to: { at: now + ahead, value: balance - rate * ahead } };
  const days = untilZero / DAY;
  if (days > BALANCE_HORIZON_DAYS) return { state: "beyondHorizon", line };
  return { state: "lasts", days, line };
}
