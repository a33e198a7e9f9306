import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ledgerCostOf, ledgerCostsByMessage } from "../../../electron/services/ledger/ledger-costs.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

describe("what the calls of a reply, task or conversation cost", () => {
  function ledger() {
    const db = openAppDatabase(join(tempDir("ledger-costs-"), "app.db"));
    const insert = db.prepare(
      `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, chargeable, cost, cost_basis, refund,
         conversation_id, message_id, task_id) VALUES ('p', 0, 'POST', '/', 0, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return {
      db,
      call: (
        cost: number | null,
        basis: string,
        link: { conversation?: string; message?: string; task?: string },
        chargeable = 1,
        refund: number | null = null,
      ) =>
        insert.run(chargeable, cost, basis, refund, link.conversation ?? null, link.message ?? null, link.task ?? null),
    };
  }

  it("is measured only when every part is: one estimated part makes the whole estimated", () => {
    const { db, call } = ledger();
    call(0.1, "measured", { message: "m1", conversation: "c1" });
    call(0.2, "measured", { message: "m1", conversation: "c1" });
    expect(ledgerCostOf(db, "message_id", "m1")).toEqual({
      amount: expect.closeTo(0.3, 9),
      basis: "measured",
      refund: null,
    });
    call(0.3, "estimated", { message: "m1", conversation: "c1" });
    expect(ledgerCostOf(db, "message_id", "m1")).toEqual({
      amount: expect.closeTo(0.6, 9),
      basis: "estimated",
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
    // The part still unpriced makes the whole an estimate.
    expect(ledgerCostOf(db, "task_id", "t1")).toEqual({ amount: 0.4, basis: "estimated", refund: 0.4 });
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
        ["m1", { amount: 0.1, basis: "measured", refund: null }],
        ["m2", { amount: 0.2, basis: "estimated", refund: null }],
      ]),
    );
  });
});
