/*
 * The spend of paid ledger rows per local day, as the Budget pane's charts show it: one wording for
 * the rows themselves, the daily rollup's backfill and the sums kept of pruned rows, so each adds
 * up the same figures the rollup's triggers (migrations/ledger-daily-step.ts) do.
 */

/**
 * A call's net at one end of its range. A refund gives back what the call was booked at, so a
 * refunded call nets to its figure less the refund (nothing), whatever its range was.
 */
const NET_OF = (end: "cost_low" | "cost_high") =>
  `CASE WHEN refund > 0 THEN COALESCE(cost, 0) - refund ELSE COALESCE(${end}, cost, 0) END`;

/**
 * A part of a sum that makes it ≈: an estimate, or a call still waiting for its cost. Not a call
 * settled with no price (it is counted apart) nor a refunded one (it nets to nothing).
 */
const ESTIMATED = `cost_kind NOT IN ('measured', 'priced', 'free') AND NOT (cost_kind = 'unknown' AND attributed = 1)
  AND COALESCE(refund, 0) <= 0`;

/** The group a row adds to: its profile, local day, model (none as ''), kind and whether it is other spend. */
export const SPEND_GROUP = `profile_id, date(started_at / 1000, 'unixepoch', 'localtime') AS day,
  COALESCE(model, '') AS model, kind, outside`;

/** The groups by their expressions: `model` alone would name the row's column, not the group's. */
export const GROUP_BY = "profile_id, day, COALESCE(model, ''), kind, outside";

/** The sums of a group of rows, in the rollup's columns. */
export const SPEND_SUMS = `SUM(COALESCE(cost, 0) - COALESCE(refund, 0)) AS cost, SUM(${NET_OF("cost_low")}) AS low,
  SUM(${NET_OF("cost_high")}) AS high, COUNT(*) AS requests, SUM(${ESTIMATED}) AS estimated,
  SUM(cost IS NULL AND attributed = 1) AS unpriced`;

/** The sums of groups already summed (rollup rows, or rows' sums beside kept ones). */
export const SUMS_OF_SUMS = `SUM(cost) AS cost, SUM(low) AS low, SUM(high) AS high, SUM(requests) AS requests,
  SUM(estimated) AS estimated, SUM(unpriced) AS unpriced`;

/** Rows' sums added into the rollup (`kept` 0: from rows still in the ledger; 1: of rows pruned). */
export const ADD_SUMS = (kept: 0 | 1, rows: string) => `
  INSERT INTO ledger_daily (profile_id, day, model, kind, outside, kept, cost, low, high, requests, estimated, unpriced)
  SELECT ${SPEND_GROUP}, ${kept}, ${SPEND_SUMS} FROM request_log WHERE chargeable = 1 AND ${rows}
  GROUP BY ${GROUP_BY}
  ON CONFLICT DO UPDATE SET cost = cost + excluded.cost, low = low + excluded.low, high = high + excluded.high,
    requests = requests + excluded.requests, estimated = estimated + excluded.estimated,
    unpriced = unpriced + excluded.unpriced`;

/** A local day as SQLite's `date(…, 'localtime')` writes it. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
