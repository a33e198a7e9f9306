import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { LedgerStore } from "../../../electron/services/ledger/ledger-store.ts";
import { daysEnding, spendFromRows } from "../../../electron/services/ledger/spend-query.ts";
import { recutIfZoneMoved, rollupBacklogStep, rollupReady } from "../../../electron/services/ledger/spend-rollup.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const DAY = 86_400_000;
const NOW = Date.parse("2026-10-20T04:00:00Z");
const startZone = process.env.TZ;
let db: DatabaseSync;

function paid(at: number, cost: number): void {
  db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, kind, model, chargeable, attributed,
       cost, cost_low, cost_high, cost_kind) VALUES ('p', ?, 'POST', '/v1/chat/completions', 5, 'chat', 'm', 1, 1, ?, ?, ?,
       'measured')`,
  ).run(at, cost, cost, cost);
}

const perDay = () =>
  Object.fromEntries(new LedgerStore(db).spend("p", 366, new Date(NOW)).map((row) => [row.day, row.cost]));

beforeEach(() => {
  process.env.TZ = "Asia/Shanghai";
  db = openAppDatabase(join(tempDir("spend-zone-"), "app.sqlite"));
  recutIfZoneMoved(db, NOW);
  while (rollupBacklogStep(db));
});
afterEach(() => db.close());
afterAll(() => {
  process.env.TZ = startZone;
});

describe("the daily spend when the machine's time zone changes", () => {
  it("is read from the rows in the new zone's days until the rollup is cut again, then from the rollup", () => {
    // 00:30 on 11 October in Shanghai, 18:30 on 10 October in Berlin.
    paid(Date.parse("2026-10-10T16:30:00Z"), 0.25);
    paid(Date.parse("2026-10-11T09:00:00Z"), 0.5);
    expect(rollupReady(db)).toBe(true);
    expect(perDay()).toEqual({ "2026-10-11": 0.75 });

    process.env.TZ = "Europe/Berlin";
    expect(rollupReady(db)).toBe(false);
    expect(perDay()).toEqual({ "2026-10-10": 0.25, "2026-10-11": 0.5 });

    expect(recutIfZoneMoved(db, NOW)).toBe(true);
    while (rollupBacklogStep(db));
    expect(rollupReady(db)).toBe(true);
    expect(perDay()).toEqual({ "2026-10-10": 0.25, "2026-10-11": 0.5 });
  });

  it("keeps what pruned calls cost in the days they were cut into, and sums the rest again", () => {
    paid(NOW - 200 * DAY, 1.5);
    paid(NOW - 2 * DAY, 0.25);
    const ledger = new LedgerStore(db);
    expect(ledger.prune({ days: 180, backgroundDays: 30 }, NOW)).toBe(1);
    const before = perDay();
    expect(Object.values(before).reduce((sum, cost) => sum + cost, 0)).toBe(1.75);

    process.env.TZ = "America/Los_Angeles";
    recutIfZoneMoved(db, NOW);
    while (rollupBacklogStep(db));
    const after = perDay();
    expect(Object.values(after).reduce((sum, cost) => sum + cost, 0)).toBe(1.75);
    const rows = spendFromRows(db, "p", daysEnding(366, new Date(NOW)));
    expect(Object.fromEntries(rows.map((row) => [row.day, row.cost]))).toEqual(after);
  });
});
