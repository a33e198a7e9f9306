import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ledgerCostOf, ledgerCostsByMessage } from "../../../electron/services/ledger/ledger-costs.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

describe("what the calls of a reply, task or conversation cost", () => {
  function ledger() {
    const db = openAppDatabase(join(tempDir("ledger-costs-"), "app.db"));
    const insert = db.prepare(
      `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, chargeable, cost, cost_kind, refund,
         conversation_id, message_id, task_id) VALUES ('p', 0, 'POST', '/', 0, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return {
      db,
      call: (
        cost: number | null,
        kind: string,
        link: { conversation?: string; message?: string; task?: string },
        chargeable = 1,
        refund: number | null = null,
      ) =>
        insert.run(chargeable, cost, kind, refund, link.conversation ?? null, link.message ?? null, link.task ?? null),
    };
  }

  it("is measured only when every part is: one priced part makes the whole priced, one estimated part ≈", () => {
    const { db, call } = ledger();
    call(0.1, "measured", { message: "m1", conversation: "c1" });
    call(0.2, "measured", { message: "m1", conversation: "c1" });
    expect(ledgerCostOf(db, "message_id", "m1")).toEqual({
      amount: expect.closeTo(0.3, 9),
      low: expect.closeTo(0.3, 9),
      high: expect.closeTo(0.3, 9),
      kind: "measured",
      refund: null,
    });
    call(0.05, "priced", { message: "m1", conversation: "c1" });
    expect(ledgerCostOf(db, "message_id", "m1")).toMatchObject({ amount: expect.closeTo(0.35, 9), kind: "priced" });
    call(0.25, "estimated", { message: "m1", conversation: "c1" });
    expect(ledgerCostOf(db, "message_id", "m1")).toEqual({
      amount: expect.closeTo(0.6, 9),
      low: expect.closeTo(0.6, 9),
      // An estimate stored with no range is bounded by nothing.
      high: null,
      kind: "estimated",
      refund: null,
    });
  });

  it("counts only chargeable calls, carries refunds, is unknown until a part has a cost and estimated while a part is unpriced", () => {
    const { db, call } = ledger();
    expect(ledgerCostOf(db, "task_id", "t1")).toBeNull();
    call(null, "unknown", { task: "t1" });
    expect(ledgerCostOf(db, "task_id", "t1")).toBeNull();
    call(5, "measured", { task: "t1" }, 0);
    expect(ledgerCostOf(db, "task_id", "t1")).toBeNull();
    call(0.4, "measured", { task: "t1" }, 1, 0.4);
    // The part still unpriced makes the whole an estimate, with no upper bound yet.
    expect(ledgerCostOf(db, "task_id", "t1")).toEqual({
      amount: 0.4,
      low: 0.4,
      high: null,
      kind: "estimated",
      refund: 0.4,
    });
  });

  it("adds ranges as ranges: an estimate with no upper bound leaves the whole without one", () => {
    const { db } = ledger();
    const insert = db.prepare(
      `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, chargeable, cost, cost_low, cost_high,
         cost_kind, task_id) VALUES ('p', 0, 'POST', '/', 0, 1, ?, ?, ?, ?, 't')`,
    );
    insert.run(0.1, 0.1, 0.1, "priced");
    insert.run(0.01, 0.01, 0.5, "estimated");
    expect(ledgerCostOf(db, "task_id", "t")).toEqual({
      amount: expect.closeTo(0.11, 9),
      low: expect.closeTo(0.11, 9),
      high: expect.closeTo(0.6, 9),
      kind: "estimated",
      refund: null,
    });
    insert.run(0.2, 0.2, null, "estimated");
    expect(ledgerCostOf(db, "task_id", "t")).toMatchObject({ low: expect.closeTo(0.31, 9), high: null });
  });

  it("keeps a range's lower bound apart from its amount", () => {
    const { db } = ledger();
    db.prepare(
      `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, chargeable, cost, cost_low, cost_high,
         cost_kind, task_id) VALUES ('p', 0, 'POST', '/', 0, 1, 0.3, 0.1, 0.5, 'estimated', 't')`,
    ).run();
    expect(ledgerCostOf(db, "task_id", "t")).toMatchObject({ amount: 0.3, low: 0.1, high: 0.5 });
  });

  it("costs each reply of a conversation apart, and leaves out replies with no cost yet and calls of no reply", () => {
    const { db, call } = ledger();
    call(0.1, "measured", { conversation: "c1", message: "m1" });
    call(0.2, "estimated", { conversation: "c1", message: "m2" });
    call(null, "unknown", { conversation: "c1", message: "m3" });
    call(0.9, "measured", { conversation: "c1" });
    call(0.7, "measured", { conversation: "c2", message: "m4" });
    call(0.5, "measured", { conversation: "c1", message: "m1" }, 0);
    expect(ledgerCostsByMessage(db, "c1")).toEqual(
      new Map([
        ["m1", { amount: 0.1, low: 0.1, high: 0.1, kind: "measured", refund: null }],
        ["m2", { amount: 0.2, low: 0.2, high: null, kind: "estimated", refund: null }],
      ]),
    );
  });
});
