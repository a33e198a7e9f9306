import type { SpendRate } from "./spend-rate.ts";

/** A reading of something that grows with spend (a budget's used) or shrinks with it (the balance); `at` in ms. */
export interface Reading {
  readonly at: number;
  readonly value: number;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A dashed segment from now to where the current rate leads. */
export interface ProjectionLine {
  readonly from: Reading;
  readonly to: Reading;
}

export type BudgetProjection =
  /** The readings are too few or too short to forecast from (spend-rate.ts's enoughToForecast). */
  | { readonly state: "early" }
  | { readonly state: "thin" }
  | { readonly state: "exhausted" }
  | { readonly state: "idle" }
  /** At the faster rate it runs out `at`; at the slower `latest`, or null when that outlasts the period. */
  | { readonly state: "runsOut"; readonly at: number; readonly latest: number | null; readonly line: ProjectionLine }
  | { readonly state: "outlasts"; readonly resetAt: number; readonly line: ProjectionLine };

/**
 * When a budget runs out at `rate` (per ms, a range): before its reset at the faster rate
 * (`runsOut`), or not (`outlasts`); the line follows the faster rate.
 */
export function projectBudget(input: {
  readonly used: number;
  readonly budget: number;
  readonly resetAt: number;
  readonly rate: SpendRate | null;
  readonly now: number;
  readonly ready?: boolean;
}): BudgetProjection {
  const { used, budget, resetAt, rate, now, ready = true } = input;
  if (used >= budget) return { state: "exhausted" };
  if (!ready) return { state: "early" };
  if (rate === null) return { state: "thin" };
  if (rate.high <= 0) return { state: "idle" };
  const from = { at: now, value: used };
  const at = now + (budget - used) / rate.high;
  const slowest = rate.low > 0 ? now + (budget - used) / rate.low : Infinity;
  if (at < resetAt) {
    const latest = slowest < resetAt ? slowest : null;
    return { state: "runsOut", at, latest, line: { from, to: { at, value: budget } } };
  }
  const to = { at: resetAt, value: used + rate.high * (resetAt - now) };
  return { state: "outlasts", resetAt, line: { from, to } };
}

/** Beyond this the balance "lasts more than a year": a precise figure would be false precision. */
const BALANCE_HORIZON_DAYS = 365;

export type BalanceProjection =
  | { readonly state: "early" }
  | { readonly state: "thin" }
  | { readonly state: "exhausted" }
  | { readonly state: "idle" }
  /** From `days` at the faster rate to `mostDays` at the slower (Infinity: beyond the horizon). */
  | { readonly state: "lasts"; readonly days: number; readonly mostDays: number; readonly line: ProjectionLine }
  | { readonly state: "beyondHorizon"; readonly line: ProjectionLine };

/**
 * How long the balance lasts at `rate` (per ms, a range). The line follows the faster rate
 * `lineSpan` ms ahead (or to zero if sooner), so the chart keeps showing the history rather than
 * the far future.
 */
export function projectBalance(input: {
  readonly balance: number;
  readonly rate: SpendRate | null;
  readonly now: number;
  readonly lineSpan: number;
  readonly ready?: boolean;
}): BalanceProjection {
  const { balance, rate, now, lineSpan, ready = true } = input;
  if (balance <= 0) return { state: "exhausted" };
  if (!ready) return { state: "early" };
  if (rate === null) return { state: "thin" };
  if (rate.high <= 0) return { state: "idle" };
  const untilZero = balance / rate.high;
  const ahead = Math.min(untilZero, lineSpan);
  const line = { from: { at: now, value: balance }, to: { at: now + ahead, value: balance - rate.high * ahead } };
  const days = untilZero / DAY;
  if (days > BALANCE_HORIZON_DAYS) return { state: "beyondHorizon", line };
  const mostDays = rate.low > 0 ? balance / rate.low / DAY : Infinity;
  return { state: "lasts", days, mostDays: mostDays > BALANCE_HORIZON_DAYS ? Infinity : mostDays, line };
}
