import type { DatabaseSync } from "node:sqlite";
import { oneRow, onlyRow } from "../../common/sql-rows.ts";
import { inTransaction } from "../../common/sql-transaction.ts";
import { ADD_SUMS } from "./spend-sums.ts";

/**
 * Ledger ids summed per step: a few milliseconds of the app's thread (a step reads its rows by id),
 * so a call arriving meanwhile waits no longer than that.
 */
const STEP_IDS = 2000;
const HOUR_S = 3600;
/** The span whose offsets make a zone's fingerprint: the longest period the pane shows, and a little more. */
const FINGERPRINT_DAYS = 400;

interface RollupState {
  below: number | null;
  zone: string;
}

const fingerprints = new Map<string, string>();

/**
 * The local time SQLite cuts days in, as the UTC offset's changes over the `FINGERPRINT_DAYS` before
 * `anchor` (hours since 1970), every three hours: two zones alike in it put every row of the period
 * in the same day. Anchored where the rollup was last cut, so it reads the same as time goes on; read
 * once per zone the process runs in (`TZ`).
 */
function zoneFingerprint(db: DatabaseSync, anchor: number): string {
  const key = `${process.env.TZ ?? ""}|${anchor}`;
  const known = fingerprints.get(key);
  if (known !== undefined) return known;
  const { zone } = onlyRow<{ zone: string | null }>(
    db.prepare(
      `WITH RECURSIVE hours(at) AS (SELECT ?1 UNION ALL SELECT at + ?3 FROM hours WHERE at < ?2)
       SELECT group_concat(at || ':' || offset, ',') AS zone FROM (
         SELECT at, offset, lag(offset) OVER (ORDER BY at) AS before FROM (
           SELECT at, CAST(unixepoch(at, 'unixepoch', 'localtime') - at AS INTEGER) AS offset FROM hours))
       WHERE before IS NULL OR offset <> before`,
    ),
    (anchor - FINGERPRINT_DAYS * 24) * HOUR_S,
    anchor * HOUR_S,
    3 * HOUR_S,
  );
  const fingerprint = `${anchor}|${zone ?? ""}`;
  fingerprints.set(key, fingerprint);
  return fingerprint;
}

/** Whether the rollup's days were cut in the zone the process runs in now. */
function sameZone(db: DatabaseSync, zone: string): boolean {
  const anchor = Number.parseInt(zone, 10);
  return Number.isSafeInteger(anchor) && zoneFingerprint(db, anchor) === zone;
}

function stateOf(db: DatabaseSync): RollupState {
  return onlyRow<{ below: number | null; zone: string }>(db.prepare("SELECT below, zone FROM ledger_daily_state"));
}

/** Whether the rollup holds every paid row, cut into days as the process's zone cuts them. */
export function rollupReady(db: DatabaseSync): boolean {
  const state = stateOf(db);
  return state.below === null && sameZone(db, state.zone);
}

/**
 * In another zone than the rollup's days were cut in (the machine moved, or a first start), the
 * rows' sums are dropped and summed again; the sums kept of pruned rows stay in the days they were
 * cut into, as their rows are gone. Returns whether it had to.
 */
export function recutIfZoneMoved(db: DatabaseSync, now = Date.now()): boolean {
  return inTransaction(db, () => {
    if (sameZone(db, stateOf(db).zone)) return false;
    const zone = zoneFingerprint(db, Math.floor(now / 1000 / HOUR_S));
    db.prepare("DELETE FROM ledger_daily WHERE kept = 0").run();
    db.prepare("UPDATE ledger_daily_state SET below = (SELECT MAX(id) + 1 FROM request_log), zone = ?").run(zone);
    return true;
  });
}

/**
 * Sums the newest `ids` ids of the backlog into the rollup, with the backlog's bound in the
 * same commit, so the triggers (which keep what is above it) and this never count a row twice.
 * Returns whether any backlog is left.
 */
export function rollupBacklogStep(db: DatabaseSync, ids = STEP_IDS): boolean {
  return inTransaction(db, () => {
    const { below } = stateOf(db);
    if (below === null) return false;
    const from = below - ids;
    db.prepare(ADD_SUMS(0, "id >= ? AND id < ?")).run(from, below);
    const first = oneRow<{ id: number }>(db.prepare("SELECT id FROM request_log ORDER BY id LIMIT 1"))?.id;
    const left = first !== undefined && first < from;
    db.prepare("UPDATE ledger_daily_state SET below = ?").run(left ? from : null);
    return left;
  });
}
