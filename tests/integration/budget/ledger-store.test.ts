import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import { BudgetService } from "../../../electron/services/budget/budget-service.ts";
import { CostAttributor } from "../../../electron/services/budget/cost-attributor.ts";
import { LedgerStore } from "../../../electron/services/ledger/ledger-store.ts";
import { PriceBook } from "../../../electron/services/budget/price-book.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const DAY = 86_400_000;
let db: DatabaseSync;
let ledger: LedgerStore;
let prices: PriceBook;

function call(row: {
  at: number;
  kind: string;
  model?: string | null;
  status?: number | null;
  requestId?: string;
  cost?: number | null;
  costKind?: string;
  refund?: number | null;
  profile?: string;
}) {
  db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, status, request_id, duration_ms, kind, model,
       chargeable, attributed, cost, cost_kind, refund) VALUES (?, ?, 'POST', '/v1/x', ?, ?, 10, ?, ?, ?, 1, ?, ?, ?)`,
  ).run(
    row.profile ?? "p",
    row.at,
    row.status === undefined ? 200 : row.status,
    row.requestId ?? null,
    row.kind,
    row.model ?? null,
    ["chat", "search", "image", "video"].includes(row.kind) ? 1 : 0,
    row.cost ?? null,
    row.costKind ?? "measured",
    row.refund ?? null,
  );
}

beforeEach(() => {
  db = openAppDatabase(join(tempDir("ledger-"), "app.sqlite"));
  ledger = new LedgerStore(db);
  prices = new PriceBook(db);
});

describe("the ledger store", () => {
  it("pages a profile's calls newest first, filtered, with the count and the models to filter by", () => {
    const now = Date.now();
    call({ at: now - 3000, kind: "chat", model: "chat-fast", requestId: "req_a1" });
    call({ at: now - 2000, kind: "image", model: "image-fast", requestId: "req_b2", status: 402 });
    call({ at: now - 1000, kind: "chat", model: "chat-pro", requestId: "req_c3" });
    call({ at: now, kind: "chat", model: "chat-fast", profile: "other" });
    const all = ledger.page("p", {}, 0, 2);
    expect(all.total).toBe(3);
    expect(all.entries.map((entry) => entry.requestId)).toEqual(["req_c3", "req_b2"]);
    expect(all.models).toEqual(["chat-fast", "chat-pro", "image-fast"]);
    expect(ledger.page("p", {}, 2, 2).entries.map((entry) => entry.requestId)).toEqual(["req_a1"]);
    expect(ledger.page("p", { kind: "chat", model: "chat-fast" }, 0, 10).total).toBe(1);
    expect(ledger.page("p", { outcome: "error" }, 0, 10).entries.map((entry) => entry.requestId)).toEqual(["req_b2"]);
    expect(ledger.page("p", { outcome: "ok" }, 0, 10).total).toBe(2);
    expect(ledger.page("p", { requestId: "req_b" }, 0, 10).entries.map((entry) => entry.requestId)).toEqual(["req_b2"]);
    const since = new Date(now - 2500).toISOString();
    const until = new Date(now - 1500).toISOString();
    expect(ledger.page("p", { from: since, to: until }, 0, 10).entries.map((entry) => entry.requestId)).toEqual([
      "req_b2",
    ]);
  });

  it("leaves out polls, balance readings and model lists when background calls are hidden", () => {
    const now = Date.now();
    for (const [offset, kind] of ["video", "poll", "balance", "models", "cancel", "poll"].entries())
      call({ at: now + offset, kind, requestId: `req_${kind}_${offset}` });
    const shown = ledger.page("p", { hideBackground: true }, 0, 10).entries.map((entry) => entry.kind);
    expect(shown).toEqual(["cancel", "video"]);
    expect(ledger.page("p", {}, 0, 10).total).toBe(6);
  });

  it("sums spend per local day, model and kind, refunds counted against it and estimates flagged", () => {
    const today = new Date();
    const noon = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 12).getTime();
    call({ at: noon, kind: "video", model: "video-std", cost: 2.5, refund: 2.5 });
    call({ at: noon, kind: "video", model: "video-std", cost: 2.5 });
    call({ at: noon - DAY, kind: "chat", model: "chat-fast", cost: 0.001, costKind: "estimated" });
    call({ at: noon - DAY, kind: "chat", model: "chat-fast", cost: 0.002 });
    call({ at: noon - 10 * DAY, kind: "chat", model: "chat-fast", cost: 1 });
    call({ at: noon, kind: "poll", cost: 0, costKind: "free" });
    const rows = ledger.spend("p", 7, new Date(noon));
    expect(rows).toEqual([
      expect.objectContaining({ model: "chat-fast", kind: "chat", estimated: true, requests: 2 }),
      expect.objectContaining({ model: "video-std", kind: "video", cost: 2.5, estimated: false, requests: 2 }),
    ]);
    expect(rows[0]?.cost).toBeCloseTo(0.003, 9);
    expect(ledger.spend("p", 30, new Date(noon))).toHaveLength(3);
  });

  it("times a reply by its first token and its last, and any other call by its answer", () => {
    const now = Date.now();
    call({ at: now - 1000, kind: "image", model: "image-fast", requestId: "req_img" });
    call({ at: now, kind: "chat", model: "chat-fast", requestId: "req_chat" });
    db.prepare(
      "INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES ('c', 'T', '{}', 0, 0)",
    ).run();
    const meta = {
      model: "chat-fast",
      wireFormat: "chat-completions",
      searched: false,
      finish: "finished",
      stopSequence: null,
      inputTokens: 5,
      outputTokens: 9,
      ttftMs: 240,
      totalMs: 7500,
      requestId: "req_chat",
      sources: [],
    };
    db.prepare(
      `INSERT INTO messages (id, conversation_id, position, role, content, status, meta, created_at)
       VALUES ('m', 'c', 1, 'assistant', 'Hi', 'complete', ?, 0)`,
    ).run(JSON.stringify(meta));
    db.prepare("UPDATE request_log SET message_id = 'm' WHERE request_id = 'req_chat'").run();
    const [reply, image] = ledger.page("p", {}, 0, 10).entries;
    expect(reply).toMatchObject({ latencyMs: 10, firstTokenMs: 240, totalMs: 7500 });
    expect(image).toMatchObject({ latencyMs: 10, firstTokenMs: null, totalMs: 10 });
  });

  it("counts a refunded call as nothing, whatever the range it was booked with", () => {
    const today = new Date();
    const noon = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 12).getTime();
    call({ at: noon, kind: "image", model: "image-pro", cost: 0.2, costKind: "estimated", refund: 0.2 });
    db.prepare("UPDATE request_log SET cost_low = 0, cost_high = 0.6").run();
    expect(ledger.spend("p", 7, new Date(noon))).toEqual([
      expect.objectContaining({ model: "image-pro", cost: 0, low: 0, high: 0, estimated: false }),
    ]);
  });

  it("prunes rows older than the retention", () => {
    call({ at: Date.now() - 200 * DAY, kind: "chat" });
    call({ at: Date.now() - 10 * DAY, kind: "chat" });
    expect(ledger.prune({ days: 180, backgroundDays: 30 })).toBe(1);
    expect(ledger.page("p", {}, 0, 10).total).toBe(1);
  });
});

describe("balance history", () => {
  it("answers the latest readings by default, and every reading of the days asked for", () => {
    const budget = new BudgetService(db, () => {
      throw new Error("no gateway in this test");
    });
    const sample = db.prepare(
      "INSERT INTO balance_samples (profile_id, sent_at, sampled_at, balance, daily_used, monthly_used) VALUES ('p', ?, ?, ?, 0, 0)",
    );
    const now = Date.now();
    for (let i = 0; i < 300; i++) sample.run(now - i * 3_600_000, now - i * 3_600_000, 50 - i / 100);
    expect(budget.history("p")).toHaveLength(240);
    expect(budget.history("p", 2)).toHaveLength(48);
    const ninety = budget.history("p", 90);
    expect(ninety).toHaveLength(300);
    expect(Date.parse(ninety[0]?.at ?? "")).toBeLessThan(Date.parse(ninety.at(-1)?.at ?? ""));
  });
});

describe("prices", () => {
  it("lets a user's price win over the learned one, and estimates a job from the one in force", () => {
    prices.replaceLearned("p", [
      { model: "image-pro", unit: "image", size: "1024x1024", price: 0.29, observations: 7 },
      { model: "video-std", unit: "video_second", size: "1280x720", price: 0.5, observations: 3 },
    ]);
    expect(prices.estimate("p", { kind: "image", model: "image-pro", size: "1024x1024", n: 3 }).amount).toBeCloseTo(
      0.87,
      9,
    );
    prices.setUserPrice("p", "image-pro", "image", "1024x1024", 0.3);
    const inForce = prices.prices("p").find((price) => price.model === "image-pro");
    expect(inForce).toEqual({
      model: "image-pro",
      unit: "image",
      size: "1024x1024",
      price: 0.3,
      source: "user",
      observations: 7,
    });
    expect(prices.estimate("p", { kind: "image", model: "image-pro", n: 2 })).toEqual({
      amount: 0.6,
      high: 0.6,
      source: "user",
    });
    expect(prices.estimate("p", { kind: "video", model: "video-std", duration: 10 })).toEqual({
      amount: 5,
      high: 5,
      source: "learned",
    });
    expect(prices.estimate("p", { kind: "video", model: "unknown" })).toEqual({
      amount: null,
      high: null,
      source: null,
    });
    db.prepare(
      `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, kind, model, units, size, chargeable,
         attributed, cost_kind) VALUES ('p', ?, 'POST', '/v1/images/generations', 5, 'image', 'image-pro', 2, '1024x1024', 1, 0, 'unknown')`,
    ).run(Date.now());
    new CostAttributor(db, prices).estimateUnpriced("p");
    expect(ledger.page("p", { kind: "image" }, 0, 1).entries[0]).toMatchObject({ cost: 0.6, costKind: "priced" });
    prices.setUserPrice("p", "image-pro", "image", "1024x1024", null);
    expect(prices.prices("p").find((price) => price.model === "image-pro")?.source).toBe("learned");
    expect(prices.prices("other")).toEqual([]);
  });
});
