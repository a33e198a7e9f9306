import type { DatabaseSync } from "node:sqlite";
import { BACKGROUND_KINDS, type LedgerRetention } from "../../../shared/ipc/ledger.ts";
import { allRows } from "../../common/sql-rows.ts";
import { inTransaction } from "../../common/sql-transaction.ts";
import { PRUNE_IDS } from "./ledger-index-queries.ts";
import { ADD_SUMS } from "./spend-sums.ts";

const DAY_MS = 86_400_000;
/**
 * Rows deleted per step: with the ledger's indexes and the rollup's triggers, a few milliseconds
 * of the app's thread, so the first start after a shorter keep period serves calls between steps.
 */
const STEP_ROWS = 500;
/** Every row is kept this long whatever the setting: this month's other spend is read from the rows. */
export const LEDGER_FLOOR_DAYS = 32;

const OLD_ROWS = PRUNE_IDS("started_at < ?1");
/** Worded to lead with the (profile, kind, time) index; these rows never carry money. */
const OLD_BACKGROUND = PRUNE_IDS(
  `kind IN (${BACKGROUND_KINDS.map((kind) => `'${kind}'`).join(", ")}) AND started_at < ?1 AND chargeable = 0
   AND outside = 0`,
);

/**
 * Deletes up to `STEP_ROWS` rows past their keep period: any row after `days` (at least
 * `LEDGER_FLOOR_DAYS`), a background call after `backgroundDays`. What a paid row counted in the
 * spend is kept in the daily rollup first, in the same commit: the charts of a period the retention
 * reaches into still show it. Returns how many rows it deleted.
 */
export function pruneLedgerStep(db: DatabaseSync, retention: LedgerRetention, now = Date.now()): number {
  return inTransaction(db, () => {
    const cutoff = now - Math.max(retention.days, LEDGER_FLOOR_DAYS) * DAY_MS;
    db.prepare("DELETE FROM price_observations WHERE observed_at < ?").run(now - retention.days * DAY_MS);
    const old = allRows<{ id: number }>(db.prepare(OLD_ROWS), cutoff, STEP_ROWS);
    const background =
      old.length < STEP_ROWS
        ? allRows<{ id: number }>(db.prepare(OLD_BACKGROUND), now - retention.backgroundDays * DAY_MS, STEP_ROWS)
        : [];
    const ids = JSON.stringify([...old, ...background].map((row) => row.id));
    const these = "id IN (SELECT value FROM json_each(?))";
    db.prepare(ADD_SUMS(1, these)).run(ids);
    return Number(db.prepare(`DELETE FROM request_log WHERE ${these}`).run(ids).changes);
  });
}
