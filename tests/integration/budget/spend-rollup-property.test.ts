import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneLedgerStep } from "../../../electron/services/ledger/ledger-prune.ts";
import {
  daysEnding,
  spendFromRollup,
  spendFromRows,
  type SpendSums,
} from "../../../electron/services/ledger/spend-query.ts";
import { recutIfZoneMoved, rollupBacklogStep, rollupReady } from "../../../electron/services/ledger/spend-rollup.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

/** Noon, a day after New York's clocks went back: the ledger's days cross both of the year's changes. */
const NOW = Date.parse("2026-11-02T17:00:00Z");
const PROFILES = ["a", "b", "c"] as const;
const STEP_IDS = 4;
const KINDS = ["chat", "image", "video", "search", "poll", "balance", "other"] as const;
const COST_KINDS = ["measured", "priced", "free", "estimated", "unknown"] as const;

/** The spend as the ledger summed it before the rollup, word for word: the reference. */
const REFERENCE = `SELECT date(started_at / 1000, 'unixepoch', 'localtime') AS day, model, kind, outside,
    SUM(COALESCE(cost, 0) - COALESCE(refund, 0)) AS cost,
    SUM(CASE WHEN refund > 0 THEN COALESCE(cost, 0) - refund ELSE COALESCE(cost_low, cost, 0) END) AS low,
    SUM(CASE WHEN refund > 0 THEN COALESCE(cost, 0) - refund ELSE COALESCE(cost_high, cost, 0) END) AS high,
    MAX(cost_kind NOT IN ('measured', 'priced', 'free') AND NOT (cost_kind = 'unknown' AND attributed = 1)
      AND COALESCE(refund, 0) <= 0) AS estimated,
    COUNT(*) AS requests, SUM(cost IS NULL AND attributed = 1) AS unpriced
  FROM request_log WHERE profile_id = ? AND chargeable = 1 AND started_at >= ? AND started_at < ?
  GROUP BY day, model, kind, outside ORDER BY day, model, kind`;

const money = fc.option(
  fc.integer({ min: 0, max: 5_000_000 }).map((micro) => micro / 1e6 / 3),
  { nil: null },
);

const Insert = fc.record({
  op: fc.constant("insert" as const),
  profile: fc.constantFrom(...PROFILES),
  age: fc.integer({ min: 0, max: 420 * 24 * 60 }),
  kind: fc.constantFrom(...KINDS),
  model: fc.constantFrom("m1", "m2", null),
  chargeable: fc.boolean(),
  attributed: fc.boolean(),
  outside: fc.boolean(),
  cost: money,
  low: money,
  high: money,
  costKind: fc.constantFrom(...COST_KINDS),
});
const Settle = fc.record({
  op: fc.constant("settle" as const),
  pick: fc.nat(),
  cost: money,
  low: money,
  high: money,
  costKind: fc.constantFrom(...COST_KINDS),
});
const Refund = fc.record({ op: fc.constant("refund" as const), pick: fc.nat(), refund: money });
const Undo = fc.record({ op: fc.constant("delete" as const), pick: fc.nat() });
const Prune = fc.record({
  op: fc.constant("prune" as const),
  days: fc.integer({ min: 1, max: 400 }),
  backgroundDays: fc.integer({ min: 1, max: 400 }),
});
const Backfill = fc.record({ op: fc.constant("backfill" as const) });
const Op = fc.oneof(
  { arbitrary: Insert, weight: 6 },
  { arbitrary: Settle, weight: 2 },
  { arbitrary: Refund, weight: 1 },
  { arbitrary: Undo, weight: 1 },
  { arbitrary: Prune, weight: 1 },
  { arbitrary: Backfill, weight: 1 },
);
type Op = typeof Op extends fc.Arbitrary<infer T> ? T : never;

/** Applies one operation to `db`; `shadow` gets the same calls, but is never pruned. */
function apply(db: DatabaseSync, shadow: DatabaseSync, op: Op): void {
  const ids = (db.prepare("SELECT id FROM request_log ORDER BY id").all() as { id: number }[]).map((row) => row.id);
  const picked = "pick" in op && ids.length > 0 ? ids[op.pick % ids.length] : undefined;
  const both = (sql: string, ...params: (string | number | null)[]) => {
    for (const base of [db, shadow]) base.prepare(sql).run(...params);
  };
  switch (op.op) {
    case "insert":
      return both(
        `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, kind, model, chargeable, attributed,
           cost, cost_low, cost_high, cost_kind, outside) VALUES (?, ?, 'POST', '/v1/x', 5, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        op.profile,
        NOW - op.age * 60_000,
        op.kind,
        op.model,
        Number(op.chargeable),
        Number(op.attributed),
        op.cost,
        op.low,
        op.high,
        op.costKind,
        Number(op.outside),
      );
    case "settle":
      if (picked === undefined) return;
      return both(
        "UPDATE request_log SET cost = ?, cost_low = ?, cost_high = ?, cost_kind = ?, attributed = 1 WHERE id = ?",
        op.cost,
        op.low,
        op.high,
        op.costKind,
        picked,
      );
    case "refund":
      if (picked === undefined) return;
      return both("UPDATE request_log SET refund = ?, refund_pending = 0 WHERE id = ?", op.refund, picked);
    case "delete":
      if (picked === undefined) return;
      return both("DELETE FROM request_log WHERE id = ?", picked);
    case "prune":
      while (pruneLedgerStep(db, op, NOW) > 0);
      return;
    case "backfill":
      // Steps of a few ids, so the test's few rows span several.
      rollupBacklogStep(db, STEP_IDS);
  }
}

/** Rows compared to the nano-unit (float sums added in another order), every count exactly. */
function comparable(rows: readonly Partial<Record<keyof SpendSums, unknown>>[]) {
  return rows.map((row) => ({
    day: row.day,
    model: row.model ?? "",
    kind: row.kind,
    outside: row.outside,
    cost: Number(Number(row.cost).toFixed(9)),
    low: Number(Number(row.low).toFixed(9)),
    high: Number(Number(row.high).toFixed(9)),
    estimated: Number(row.estimated) > 0,
    requests: row.requests,
    unpriced: row.unpriced,
  }));
}

let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = "America/New_York";
});
afterAll(() => {
  process.env.TZ = zone;
});

describe("the daily spend rollup", () => {
  it("shows what the rows of a ledger never pruned add up to, whatever is written, settled, refunded or pruned", () => {
    const root = tempDir("spend-rollup-");
    const db = openAppDatabase(join(root, "app.sqlite"));
    const shadow = openAppDatabase(join(root, "shadow.sqlite"));
    fc.assert(
      fc.property(fc.array(Insert, { maxLength: 30 }), fc.array(Op, { maxLength: 60 }), (before, ops) => {
        try {
          for (const op of before) apply(db, shadow, op);
          // As a ledger written before the rollup: its first start (no zone yet) sums its rows again,
          // a step at a time, while calls are written, settled and pruned.
          expect(recutIfZoneMoved(db, NOW)).toBe(true);
          for (const op of ops) apply(db, shadow, op);
          while (rollupBacklogStep(db, STEP_IDS));
          expect(rollupReady(db)).toBe(true);
          const days = daysEnding(420, new Date(NOW));
          for (const profile of PROFILES) {
            const reference = comparable(shadow.prepare(REFERENCE).all(profile, days.since, days.until));
            expect(comparable(spendFromRollup(db, profile, days))).toEqual(reference);
            expect(comparable(spendFromRows(db, profile, days))).toEqual(reference);
          }
        } finally {
          for (const base of [db, shadow]) base.exec("DELETE FROM request_log");
          db.exec("DELETE FROM ledger_daily; UPDATE ledger_daily_state SET below = 1, zone = ''");
        }
      }),
      { seed: 49, numRuns: 80 },
    );
    db.close();
    shadow.close();
  });
});
