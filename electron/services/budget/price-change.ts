import type { DatabaseSync } from "node:sqlite";
import { allRows } from "../../common/sql-rows.ts";
import { RELATIVE_TOLERANCE } from "./movement-split.ts";

/** A call whose movement a change of price explains. */
export interface ChangedObservation {
  readonly id: number;
  readonly chargeId: number;
  readonly otherId: number | null;
  readonly amount: number;
}

/** SQL: the observation's movement has a call of the model `?` in it, alone or with others. */
export const OBSERVATION_INVOLVES_MODEL = `EXISTS (SELECT 1 FROM json_each(price_observations.calls) AS call,
  json_each(call.value, '$.features') AS feature WHERE json_extract(feature.value, '$.model') = ?)`;

/** How many calls in a row must agree on a new price before it is believed. */
const CALLS_TO_BELIEVE = 2;
/**
 * The calls must differ in what they were expected to cost by at least this share: another client
 * charged a fixed amount in step with each call moves identical calls by the same factor too.
 */
const DISTINCT_CALLS = 0.1;

/**
 * Whether a model's price has changed: its latest calls that ran alone each moved the key by the
 * same factor of what the prices in force expected, that factor is not 1, and the calls were of
 * different sizes. One such call could be another client spending at the same moment, and so could
 * two alike; two of different sizes agreeing on the factor are the price. The older movements of
 * the model are forgotten, so the fit follows the new price at once.
 */
export function detectPriceChange(
  db: DatabaseSync,
  profileId: string,
  model: string,
  estimateNow: (calls: string) => number | null,
): { ratio: number; observations: ChangedObservation[] } | null {
  const latest = allRows<{ id: number; amount: number; calls: string; charge_id: number; other_id: number | null }>(
    db.prepare(
      `SELECT id, amount, calls, charge_id, other_id FROM price_observations
       WHERE profile_id = ? AND model = ? AND charge_id IS NOT NULL AND expected > 0 ORDER BY id DESC LIMIT ?`,
    ),
    profileId,
    model,
    CALLS_TO_BELIEVE,
  );
  if (latest.length < CALLS_TO_BELIEVE) return null;
  // Each against the prices in force now: a price learned from few calls may have moved since.
  const expected = latest.map((row) => estimateNow(row.calls) ?? Number.NaN);
  const ratios = latest.map((row, i) => row.amount / (expected[i] ?? Number.NaN));
  const largest = Math.max(...expected);
  if (!(largest - Math.min(...expected) >= DISTINCT_CALLS * largest)) return null;
  const high = Math.max(...ratios);
  const low = Math.min(...ratios);
  const moved = ratios.every((ratio) => Math.abs(ratio - 1) > RELATIVE_TOLERANCE);
  const sameSide = ratios.every((ratio) => ratio > 1) || ratios.every((ratio) => ratio < 1);
  if (!moved || !sameSide || !(high - low <= RELATIVE_TOLERANCE * high) || !(low > 0)) return null;
  const oldest = Math.min(...latest.map((row) => row.id));
  db.prepare(`DELETE FROM price_observations WHERE profile_id = ? AND id < ? AND ${OBSERVATION_INVOLVES_MODEL}`).run(
    profileId,
    oldest,
    model,
  );
  return {
    ratio: ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length,
    observations: latest.map((row) => ({
      id: row.id,
      chargeId: row.charge_id,
      otherId: row.other_id,
      amount: row.amount,
    })),
  };
}
