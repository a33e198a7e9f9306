/** One side of a ledger row in the daily spend: `row` is `new` or `old`, `sign` 1 to add it, -1 to take it out. */
const ROW_SPEND = (row: "new" | "old", sign: 1 | -1) => `
  ${row}.profile_id, date(${row}.started_at / 1000, 'unixepoch', 'localtime'), COALESCE(${row}.model, ''), ${row}.kind,
  ${row}.outside, 0,
  ${sign} * (COALESCE(${row}.cost, 0) - COALESCE(${row}.refund, 0)),
  ${sign} * (CASE WHEN ${row}.refund > 0 THEN COALESCE(${row}.cost, 0) - ${row}.refund
    ELSE COALESCE(${row}.cost_low, ${row}.cost, 0) END),
  ${sign} * (CASE WHEN ${row}.refund > 0 THEN COALESCE(${row}.cost, 0) - ${row}.refund
    ELSE COALESCE(${row}.cost_high, ${row}.cost, 0) END),
  ${sign},
  ${sign} * (${row}.cost_kind NOT IN ('measured', 'priced', 'free') AND NOT (${row}.cost_kind = 'unknown'
    AND ${row}.attributed = 1) AND COALESCE(${row}.refund, 0) <= 0),
  ${sign} * (${row}.cost IS NULL AND ${row}.attributed = 1)`;

const ADD_TO_DAY = `ON CONFLICT DO UPDATE SET cost = cost + excluded.cost, low = low + excluded.low,
  high = high + excluded.high, requests = requests + excluded.requests, estimated = estimated + excluded.estimated,
  unpriced = unpriced + excluded.unpriced`;

const COLUMNS = "profile_id, day, model, kind, outside, kept, cost, low, high, requests, estimated, unpriced";

/** A day's group of the row's, dropped once no call is left in it (its sums are then float dust). */
const DROP_EMPTY = (row: "new" | "old") => `DELETE FROM ledger_daily WHERE profile_id = ${row}.profile_id
  AND day = date(${row}.started_at / 1000, 'unixepoch', 'localtime') AND model = COALESCE(${row}.model, '')
  AND kind = ${row}.kind AND outside = ${row}.outside AND kept = 0 AND requests = 0;`;

const BACKFILLED = (row: "new" | "old") => `NOT EXISTS (SELECT 1 FROM ledger_daily_state WHERE ${row}.id < below)`;

/**
 * The spend per local day, profile, model, kind and outside as `LedgerStore.spend` sums the paid
 * rows, kept by triggers as rows are written, settled, refunded and deleted, so a year's spend reads
 * a few thousand sums instead of 120,000 rows. `kept` 1 holds the sums of paid rows the retention
 * pruned (money the charts still show). The rows below `ledger_daily_state.below` are not summed
 * yet (a ledger older than this step): the start sums them, newest first, a step at a time
 * (`spend-rollup.ts`), and the triggers leave them to it. `zone` fingerprints the time zone the
 * days were cut in; a start in another zone sums the rows again.
 */
export const LEDGER_DAILY_STEP = `
  CREATE TABLE ledger_daily (
    profile_id TEXT NOT NULL, day TEXT NOT NULL, model TEXT NOT NULL, kind TEXT NOT NULL, outside INTEGER NOT NULL,
    kept INTEGER NOT NULL, cost REAL NOT NULL, low REAL NOT NULL, high REAL NOT NULL, requests INTEGER NOT NULL,
    estimated INTEGER NOT NULL, unpriced INTEGER NOT NULL,
    PRIMARY KEY (profile_id, day, model, kind, outside, kept)
  ) WITHOUT ROWID;
  CREATE TABLE ledger_daily_state (below INTEGER, zone TEXT NOT NULL);
  INSERT INTO ledger_daily_state SELECT MAX(id) + 1, '' FROM request_log;
  CREATE TRIGGER ledger_daily_insert AFTER INSERT ON request_log
  WHEN new.chargeable = 1 AND ${BACKFILLED("new")}
  BEGIN
    INSERT INTO ledger_daily (${COLUMNS}) VALUES (${ROW_SPEND("new", 1)}) ${ADD_TO_DAY};
  END;
  CREATE TRIGGER ledger_daily_delete AFTER DELETE ON request_log
  WHEN old.chargeable = 1 AND ${BACKFILLED("old")}
  BEGIN
    INSERT INTO ledger_daily (${COLUMNS}) VALUES (${ROW_SPEND("old", -1)}) ${ADD_TO_DAY};
    ${DROP_EMPTY("old")}
  END;
  CREATE TRIGGER ledger_daily_update AFTER UPDATE OF profile_id, started_at, model, kind, outside, chargeable, cost,
    cost_low, cost_high, cost_kind, refund, attributed ON request_log
  WHEN (old.chargeable = 1 OR new.chargeable = 1) AND ${BACKFILLED("old")}
  BEGIN
    INSERT INTO ledger_daily (${COLUMNS}) SELECT ${ROW_SPEND("old", -1)} WHERE old.chargeable = 1 ${ADD_TO_DAY};
    INSERT INTO ledger_daily (${COLUMNS}) SELECT ${ROW_SPEND("new", 1)} WHERE new.chargeable = 1 ${ADD_TO_DAY};
    ${DROP_EMPTY("old")}
  END;
`;
