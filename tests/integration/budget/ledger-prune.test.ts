import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LedgerStore } from "../../../electron/services/ledger/ledger-store.ts";
import { startLedgerUpkeep } from "../../../electron/services/ledger/ledger-upkeep.ts";
import { rollupReady } from "../../../electron/services/ledger/spend-rollup.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const DAY = 86_400_000;
const NOW = Date.parse("2026-06-15T12:00:00Z");
let db: DatabaseSync;

/** A call `days` old; paid calls (chat) cost 0.5, background ones (poll, balance) nothing. */
function call(kind: "chat" | "poll" | "balance", days: number, now = NOW): void {
  const paid = kind === "chat";
  db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, kind, chargeable, cost, cost_kind)
     VALUES ('p', ?, 'GET', '/v1/x', 5, ?, ?, ?, ?)`,
  ).run(now - days * DAY, kind, paid ? 1 : 0, paid ? 0.5 : null, paid ? "measured" : "free");
}

const left = () =>
  db
    .prepare("SELECT kind, ROUND((? - started_at) / 86400000.0) AS days FROM request_log ORDER BY started_at")
    .all(NOW)
    .map((row) => `${String(row["kind"])} ${String(row["days"])}`);

beforeEach(() => {
  db = openAppDatabase(join(tempDir("ledger-prune-"), "app.sqlite"));
});
afterEach(() => db.close());

describe("the ledger's keep periods", () => {
  it("keeps background calls their own shorter period, every call at least 32 days, and every cost in the spend", () => {
    for (const days of [300, 40, 31, 3]) call("chat", days);
    for (const days of [40, 20, 3]) call("poll", days);
    call("balance", 10);
    const ledger = new LedgerStore(db);
    const spendBefore = ledger.spend("p", 366, new Date(NOW));

    expect(ledger.prune({ days: 7, backgroundDays: 7 }, NOW)).toBe(5);
    expect(left()).toEqual(["chat 31", "chat 3", "poll 3"]);
    // The charts still show what the pruned calls cost, on the days they were made.
    expect(ledger.spend("p", 366, new Date(NOW))).toEqual(spendBefore);
    expect(spendBefore.reduce((sum, row) => sum + row.cost, 0)).toBe(2);
  });

  it("prunes and sums the ledger after the start, a step at a time", async () => {
    const now = Date.now();
    for (let index = 0; index < 1200; index++) call(index % 2 === 0 ? "poll" : "chat", 40 + (index % 50), now);
    const upkeep = startLedgerUpkeep(db, Promise.resolve(), { days: 180, backgroundDays: 30 });
    await upkeep.done;
    expect(db.prepare("SELECT COUNT(*) AS n FROM request_log WHERE kind = 'poll'").get()?.["n"]).toBe(0);
    expect(db.prepare("SELECT COUNT(*) AS n FROM request_log WHERE kind = 'chat'").get()?.["n"]).toBe(600);
    expect(rollupReady(db)).toBe(true);
  });

  it("prunes a keep period saved later after the start's work, saying so, and stops with the app", async () => {
    const now = Date.now();
    const count = () => Number(db.prepare("SELECT COUNT(*) AS n FROM request_log").get()?.["n"]);
    for (let index = 0; index < 1200; index++) call("chat", 40 + (index % 50), now);
    const said: boolean[] = [];
    let startDone = () => undefined as void;
    const upkeep = startLedgerUpkeep(db, new Promise<void>((resolve) => (startDone = resolve)), {
      days: 180,
      backgroundDays: 30,
    });
    upkeep.prune({ days: 60, backgroundDays: 30 });
    // Nothing runs before the start's own work.
    await new Promise(setImmediate);
    expect(count()).toBe(1200);
    startDone();
    await upkeep.done;
    expect(count()).toBe(20 * 24);
    expect(said).toEqual([]);

    const later = startLedgerUpkeep(db, Promise.resolve(), { days: 180, backgroundDays: 30 }, (running) =>
      said.push(running),
    );
    await later.done;
    later.prune({ days: 32, backgroundDays: 30 });
    later.stop();
    await later.done;
    expect(count()).toBe(20 * 24);
    const again = startLedgerUpkeep(db, Promise.resolve(), { days: 180, backgroundDays: 30 }, (running) =>
      said.push(running),
    );
    again.prune({ days: 32, backgroundDays: 30 });
    await again.done;
    expect(count()).toBe(0);
    expect(said).toEqual([true, false]);
  });
});
