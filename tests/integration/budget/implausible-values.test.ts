import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { onlyRow } from "../../../electron/common/sql-rows.ts";
import { startServices } from "../../support/services-fixture.ts";
import { startFaultProxy, type FaultProxy } from "../../support/fault-proxy.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../../support/local-gateway.ts";
import { chatTurn, ledgerSettled, QUICK_SAMPLING } from "./budget-session.ts";

let gateway: TestGateway;
let proxy: FaultProxy;
let app: AppServices;

beforeAll(async () => {
  gateway = await startTestGateway();
  proxy = await startFaultProxy(gateway.url);
  app = await startServices(proxy.url, KEYS.main.key, tempDir("app-"), { samplerTiming: QUICK_SAMPLING });
});
afterAll(async () => {
  await app.close();
  await proxy.close();
  await gateway.close();
});

const samples = () =>
  onlyRow<{ count: number; largest: number | null }>(
    app.db.prepare("SELECT COUNT(*) AS count, MAX(ABS(balance)) AS largest FROM balance_samples"),
  );

/** A reply asked for with `maxTokens` whose answer the server gives these token counts; once its cost is settled. */
async function replyCounted(promptTokens: string, completionTokens: string, maxTokens: number) {
  proxy.editAnswers((body, path) =>
    path === "/v1/chat/completions"
      ? body
          .replace(/"prompt_tokens":\d+/, `"prompt_tokens":${promptTokens}`)
          .replace(/"completion_tokens":\d+/, `"completion_tokens":${completionTokens}`)
      : body,
  );
  const reply = await chatTurn(app, { model: "chat-fast", maxTokens, stream: false }, "Count to three.");
  proxy.editAnswers(null);
  await ledgerSettled(app);
  return app.conversations.messages(reply.conversationId).find((m) => m.id === reply.messageId);
}

describe("figures a server gets wrong never become money", () => {
  it("refuses an absurd balance, naming the field, and keeps no reading of it", async () => {
    const profileId = app.vault.resolveId();
    await app.budget.snapshot(profileId);
    const before = samples();
    for (const [field, value] of [
      ["balance", 1.7e308],
      ["balance", -1e300],
      ["daily_used", -5],
    ] as const) {
      proxy.editAnswers((body, path) => {
        if (path !== "/v1/balance") return body;
        const balance = JSON.parse(body) as { balance: number; api_key: Record<string, unknown> };
        if (field === "balance") balance.balance = value;
        else balance.api_key[field] = value;
        return JSON.stringify(balance);
      });
      await expect(app.budget.snapshot(profileId)).rejects.toMatchObject({
        code: "INVALID_RESPONSE",
        message: expect.stringContaining(field),
      });
    }
    proxy.editAnswers(null);
    expect(samples()).toEqual(before);
  });

  it("does not turn negative or absurd token counts into a cost", { timeout: 30_000 }, async () => {
    const message = await replyCounted("-100000", "4000000000000", 40);
    expect(message?.status).toBe("complete");
    // The reply says so where the user reads it.
    expect(message?.meta?.tokensImplausible).toBe(true);
    // The server's counts are dropped; where the app counts the tokens itself, its own count stands.
    for (const count of [message?.meta?.inputTokens, message?.meta?.outputTokens]) {
      expect(count ?? 0).toBeGreaterThanOrEqual(0);
      expect(count ?? 0).toBeLessThan(10_000);
    }
    const costs = app.ledger.entries(app.vault.resolveId(), {}).map((entry) => entry.cost ?? 0);
    for (const cost of costs) {
      expect(Number.isFinite(cost)).toBe(true);
      expect(cost).toBeGreaterThanOrEqual(0);
      expect(cost).toBeLessThan(1);
    }
  });

  it(
    "drops a token count beyond what the request allowed, though it is a plausible number",
    { timeout: 30_000 },
    async () => {
      const message = await replyCounted("5000000", "99999999", 1024);
      expect(message?.meta?.tokensImplausible).toBe(true);
      // More output than max_tokens allowed, more input than the question has bytes: neither is stored or exported.
      expect(message?.meta?.outputTokens ?? 0).toBeLessThanOrEqual(1024);
      expect(message?.meta?.inputTokens ?? 0).toBeLessThan(1000);
      const entry = app.ledger
        .entries(app.vault.resolveId(), {})
        .find((candidate) => candidate.kind === "chat" && candidate.inputTokens !== null);
      expect(entry?.outputTokens ?? 0).toBeLessThanOrEqual(1024);
      expect(entry?.inputTokens ?? 0).toBeLessThan(1000);
    },
  );

  it("holds a reading whose daily use rose while the month's did not as unconfirmed, and books none of it", async () => {
    const profileId = app.vault.resolveId();
    await app.budget.snapshot(profileId);
    proxy.editAnswers((body, path) => {
      if (path !== "/v1/balance") return body;
      const balance = JSON.parse(body) as { api_key: { daily_used: number } };
      balance.api_key.daily_used += 7;
      return JSON.stringify(balance);
    });
    const glitch = await app.budget.snapshot(profileId);
    proxy.editAnswers(null);
    expect(glitch.unconfirmedToday).toBeCloseTo(7, 4);
    // The next, honest reading falls back by 7 while the month does not move: unconfirmed too, never a refund.
    const after = await app.budget.snapshot(profileId);
    expect(after.unconfirmedToday).toBeCloseTo(14, 4);
    await ledgerSettled(app);
    // Neither the 7 up nor the 7 down is other spend on the key, even for a moment.
    const outside = app.ledger.entries(profileId, {}).filter((entry) => entry.outside);
    expect(outside.filter((entry) => Math.abs(entry.cost ?? 0) > 1)).toEqual([]);
  });
});
