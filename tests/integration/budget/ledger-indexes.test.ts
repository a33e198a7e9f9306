import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OtherSpendLedger } from "../../../electron/services/budget/other-spend.ts";
import { waitingRows } from "../../../electron/services/budget/waiting-calls.ts";
import { ledgerWhere } from "../../../electron/services/ledger/ledger-filter.ts";
import { MODELS_OF_PROFILE, PRUNE_IDS } from "../../../electron/services/ledger/ledger-index-queries.ts";
import { LedgerStore } from "../../../electron/services/ledger/ledger-store.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

let db: DatabaseSync;

/** How SQLite would run `sql`: the details of its plan, joined. */
function planOf(sql: string, ...params: (string | number)[]): string {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
    .map((row) => row.detail)
    .join(" | ");
}

beforeEach(() => {
  db = openAppDatabase(join(tempDir("ledger-indexes-"), "app.sqlite"));
});

afterEach(() => db.close());

/** The statements `read` prepares on the database, as it writes them. */
function statementsOf(read: () => void): string[] {
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  };
  try {
    read();
  } finally {
    db.prepare = prepare;
  }
  return prepared;
}

// A year of heavy use holds a million ledger rows (tests/bench/scale-bench.ts): these reads must not
// visit every one, and an index whose condition the query does not repeat word for word goes unused.
describe("the ledger's reads over a long history", () => {
  it("counts the Requests table's default view (background calls hidden) from the foreground index alone", () => {
    const where = ledgerWhere("p", { hideBackground: true, from: new Date(0).toISOString() });
    expect(planOf(`SELECT COUNT(*) FROM request_log WHERE ${where.sql}`, ...(where.params as string[]))).toContain(
      "ledger_foreground",
    );
  });

  it("sums a period's spend from the paid calls' covering index", () => {
    const plan = planOf(
      `SELECT model, SUM(COALESCE(cost, 0) - COALESCE(refund, 0)) FROM request_log
       WHERE profile_id = ? AND chargeable = 1 AND started_at >= ? AND started_at < ? GROUP BY model`,
      "p",
      0,
      1,
    );
    expect(plan).toContain("COVERING INDEX ledger_paid");
  });

  it("sums each conversation's cost from its covering index", () => {
    const plan = planOf(
      `SELECT conversation_id, SUM(cost), SUM(COALESCE(cost_high, cost)), MAX(cost_kind = 'priced'), SUM(refund)
       FROM request_log WHERE chargeable = 1 AND conversation_id IS NOT NULL GROUP BY conversation_id`,
    );
    expect(plan).toContain("COVERING INDEX ledger_conversation_costs");
  });

  it("prunes each profile's old rows, and settles the unfinished calls, without reading every row", () => {
    const prune = PRUNE_IDS("started_at < ?1");
    expect(planOf(prune, 0, 10)).toContain("request_log_by_profile (profile_id=? AND started_at<?)");
    expect(planOf(prune, 0, 10)).not.toMatch(/SCAN request_log(?! USING)/);
    expect(planOf("UPDATE request_log SET settled_at = ? WHERE attributed = 0 AND settled_at IS NULL", 0)).toContain(
      "ledger_unsettled",
    );
  });

  it("finds the calls and refunds other spend is told from, and the calls waiting for a movement, by their own indexes", () => {
    const [charges, refunds] = statementsOf(() => new OtherSpendLedger(db).accountedSince("p", 0));
    expect(planOf(charges ?? "", "p", 0)).toContain("ledger_settled_paid (profile_id=? AND settled_at>?)");
    expect(planOf(refunds ?? "", "p", 0)).toContain("ledger_refunds (profile_id=? AND refund_to>?)");
    const [waiting] = statementsOf(() => waitingRows(db, "p"));
    expect(planOf(waiting ?? "", "p")).toContain("ledger_open");
  });

  it("reads a profile's models a step at a time through the (profile, model) index", () => {
    expect(planOf(MODELS_OF_PROFILE, "p")).toContain(
      "COVERING INDEX ledger_by_profile_model (profile_id=? AND model>?)",
    );
  });

  it("still prunes what is older than the cutoff in every profile, and only that", () => {
    const day = 86_400_000;
    const now = Date.now();
    const insert = db.prepare(
      "INSERT INTO request_log (profile_id, started_at, method, path, duration_ms) VALUES (?, ?, 'GET', '/v1/balance', 5)",
    );
    for (const profile of ["a", "b", "c"]) for (const age of [1, 10, 40]) insert.run(profile, now - age * day);
    expect(new LedgerStore(db).prune({ days: 30, backgroundDays: 30 }, now)).toBe(3);
    const left = db.prepare("SELECT profile_id, COUNT(*) AS n FROM request_log GROUP BY profile_id").all();
    expect(left.map((row) => [row["profile_id"], row["n"]])).toEqual([
      ["a", 2],
      ["b", 2],
      ["c", 2],
    ]);
  });
});
