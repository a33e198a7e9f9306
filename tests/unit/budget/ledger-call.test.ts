import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { callTermsOf, ledgerKindOf } from "../../../electron/services/budget/ledger-call.ts";
import { ledgerCostOf, ledgerCostsByMessage } from "../../../electron/services/budget/ledger-costs.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

describe("what a call was", () => {
  it.each([
    ["POST", "/v1/tasks/t1/cancel", "cancel"],
    ["POST", "/v1/video/generations/v1/cancel", "cancel"],
    ["GET", "/v1/tasks/t1", "poll"],
    ["GET", "/v1/video/generations/v1", "poll"],
    ["GET", "/v1/tasks/t1/result", "other"],
    ["GET", "/x/v1/tasks/t1", "other"],
    ["GET", "/v1/tasks/", "other"],
    ["POST", "/v1/tasks/t1", "other"],
    ["GET", "/v1/tasks/t1/cancel", "other"],
    ["POST", "/v1/chat/completions", "chat"],
    ["POST", "/v1/messages", "chat"],
    ["POST", "/v1/search/completions", "search"],
    ["POST", "/v1/images/generations", "image"],
    ["POST", "/v1/video/generations", "video"],
    ["GET", "/v1/balance", "balance"],
    ["GET", "/v1/models", "models"],
    ["GET", "/v1/files", "other"],
  ])("%s %s is a %s call", (method, path, kind) => {
    expect(ledgerKindOf(method, path)).toBe(kind);
  });
});

describe("the terms a request body sets its price by", () => {
  it("an image call: its model, how many images and their size, one image of the default size when it names none", () => {
    expect(callTermsOf("image", JSON.stringify({ model: "img", n: 4, size: "512x512", prompt: "p" }))).toEqual({
      model: "img",
      units: 4,
      size: "512x512",
    });
    expect(callTermsOf("image", "{}")).toEqual({ model: null, units: 1, size: "1024x1024" });
  });

  it("a video call: its seconds and size, 5 s at 1280x720 when it names none", () => {
    expect(callTermsOf("video", JSON.stringify({ model: "vid", duration: 8, size: "1920x1080" }))).toEqual({
      model: "vid",
      units: 8,
      size: "1920x1080",
    });
    expect(callTermsOf("video", JSON.stringify({ model: "vid" }))).toEqual({
      model: "vid",
      units: 5,
      size: "1280x720",
    });
  });

  it("a chat call: only its model; a field of the wrong type is not read; a body that is no JSON names nothing", () => {
    expect(callTermsOf("chat", JSON.stringify({ model: "m", n: 3, size: "x" }))).toEqual({
      model: "m",
      units: null,
      size: null,
    });
    expect(callTermsOf("image", JSON.stringify({ model: 7, n: "many" }))).toEqual({
      model: null,
      units: 1,
      size: "1024x1024",
    });
    expect(callTermsOf("image", "not json")).toEqual({ model: null, units: null, size: null });
    expect(callTermsOf("image", undefined)).toEqual({ model: null, units: null, size: null });
  });
});

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
