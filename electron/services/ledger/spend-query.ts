import type { DatabaseSync } from "node:sqlite";
import type { SpendRow } from "../../../shared/ipc/ledger.ts";
import { allRows } from "../../common/sql-rows.ts";
import { ledgerKindOf } from "./ledger-kinds.ts";
import { rollupReady } from "./spend-rollup.ts";
import { GROUP_BY, localDay, SPEND_GROUP, SPEND_SUMS, SUMS_OF_SUMS } from "./spend-sums.ts";

export interface SpendSums {
  day: string;
  model: string;
  kind: string;
  outside: number;
  cost: number;
  low: number;
  high: number;
  estimated: number;
  requests: number;
  unpriced: number;
}

/** The days a query covers: local midnights as times, and as SQLite writes those days. */
interface Days {
  since: number;
  until: number;
  first: string;
  last: string;
}

const ORDER = "ORDER BY day, model, kind";

/** From the daily rollup: a few sums a day, however many calls the days hold. */
export function spendFromRollup(db: DatabaseSync, profileId: string, days: Days): SpendSums[] {
  return allRows<SpendSums>(
    db.prepare(
      `SELECT day, model, kind, outside, ${SUMS_OF_SUMS} FROM ledger_daily
       WHERE profile_id = ? AND day >= ? AND day <= ? GROUP BY day, model, kind, outside ${ORDER}`,
    ),
    profileId,
    days.first,
    days.last,
  );
}

/**
 * From the paid rows themselves (from the paid calls' covering index), with the sums kept of rows
 * the retention pruned: what the rollup holds, while it is not complete.
 */
export function spendFromRows(db: DatabaseSync, profileId: string, days: Days): SpendSums[] {
  return allRows<SpendSums>(
    db.prepare(
      `SELECT day, model, kind, outside, ${SUMS_OF_SUMS} FROM (
         SELECT ${SPEND_GROUP}, ${SPEND_SUMS} FROM request_log
         WHERE profile_id = ? AND chargeable = 1 AND started_at >= ? AND started_at < ? GROUP BY ${GROUP_BY}
         UNION ALL
         SELECT profile_id, day, model, kind, outside, cost, low, high, requests, estimated, unpriced FROM ledger_daily
         WHERE profile_id = ? AND kept = 1 AND day >= ? AND day <= ?)
       GROUP BY day, model, kind, outside ${ORDER}`,
    ),
    profileId,
    days.since,
    days.until,
    profileId,
    days.first,
    days.last,
  );
}

/** The `days` local days ending with the day of `last`. */
export function daysEnding(days: number, last: Date): Days {
  const first = new Date(last.getFullYear(), last.getMonth(), last.getDate() - (days - 1));
  const until = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { since: first.getTime(), until: until.getTime(), first: localDay(first), last: localDay(last) };
}

/**
 * Spend per local day, model and kind over `days` days ending with the day of `last`; refunds count
 * against it. From the daily rollup once it is complete in this zone, else from the rows.
 */
export function spendPerDay(db: DatabaseSync, profileId: string, days: number, last: Date): SpendRow[] {
  const period = daysEnding(days, last);
  const rows = rollupReady(db) ? spendFromRollup(db, profileId, period) : spendFromRows(db, profileId, period);
  return rows.map((row) => ({
    day: row.day,
    model: row.model,
    kind: ledgerKindOf(row.kind),
    outside: row.outside === 1,
    cost: row.cost,
    low: row.low,
    high: row.high,
    estimated: row.estimated > 0,
    requests: row.requests,
    unpriced: row.unpriced,
  }));
}
