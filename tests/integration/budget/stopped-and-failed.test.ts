import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import type { ChatMessage } from "../../../shared/ipc/chat.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
import { gatewayCharges, ledgerSettled, QUICK_SAMPLING, stopReplyAfter, taskUntil } from "./budget-session.ts";

let gateway: TestGateway;
let app: AppServices;
let profileId: string;

beforeAll(async () => {
  gateway = await startTestGateway({
    timeScale: 1,
    tokensPerSecond: 40,
    firstTokenDelayMs: 50,
    asyncImageSeconds: [1, 1],
  });
  app = await startServices(gateway.url, KEYS.main.key, tempDir("app-"), {
    pollTiming: { imageBaseMs: 50, videoBaseMs: 50, growth: 1.5, maxIntervalMs: 200, maxWaitMs: 60_000 },
    samplerTiming: QUICK_SAMPLING,
  });
  profileId = app.vault.resolveId();
  await app.budget.snapshot(profileId);
});
afterAll(async () => {
  await app.close();
  await gateway.close();
});

describe("costs of replies and tasks that did not finish", () => {
  it("charges a stopped reply for what was delivered, as the gateway did", () =>
    stoppedReplyCostsItsCharge(gateway, app));

  it("bounds a stopped reply the gateway charges a while after the stream closed, and calls no spend surely another's", async () => {
    const late = await startTestGateway({ timeScale: 1, tokensPerSecond: 40, stoppedChargeDelayMs: 1500 });
    const lateApp = await startServices(late.url, KEYS.main.key, tempDir("app-"), { samplerTiming: QUICK_SAMPLING });
    try {
      await lateApp.budget.snapshot(lateApp.vault.resolveId());
      await stoppedReplyCostsItsCharge(late, lateApp);
      // What the reply's range leaves of its movement may be the reply's own: other spend is a range from nothing.
      expect(lateApp.ledger.otherSpendSince(lateApp.vault.resolveId(), 0).low).toBe(0);
    } finally {
      await lateApp.close();
      await late.close();
    }
  });

  it("estimates a reply stopped before the first balance reading came back from the words it delivered", async () => {
    // No reading before the call: no movement can measure it, but what was delivered has a price.
    const fresh = await startServices(gateway.url, KEYS.main.key, tempDir("app-"), { samplerTiming: QUICK_SAMPLING });
    try {
      const reply = await replyStoppedAfterThreeDeltas(fresh);
      await ledgerSettled(fresh);
      const { cost } = fresh.conversations.messages(reply.conversationId).find(({ id }) => id === reply.id)!;
      expect(cost).toMatchObject({ amount: expect.any(Number), kind: "estimated", refund: null });
      expect(cost?.amount).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  it("shows the refund of a task the gateway failed", async () => {
    const task = await app.tasks.generateImage(profileId, {
      model: "image-upstream-error",
      prompt: "a storm",
      n: 1,
      size: "96x64",
      responseFormat: "url",
      async: true,
    });
    await taskUntil(app, task.id, (view) => view.status === "failed");
    await ledgerSettled(app);
    const charged = gatewayCharges(gateway).filter((charge) => charge.task_id === task.remoteId);
    expect(charged.map((charge) => charge.amount)).toEqual([0.2, -0.2]);
    const view = app.tasks.list(profileId).find((candidate) => candidate.id === task.id);
    expect(view?.cost).toMatchObject({
      amount: expect.closeTo(0.2, 6),
      kind: "measured",
      refund: expect.closeTo(0.2, 6),
    });
  });
});

/** Asks for a long reply and stops it after three deltas; resolves with the stopped reply. */
async function replyStoppedAfterThreeDeltas(app: AppServices): Promise<ChatMessage> {
  const { conversationId, messageId, stopped } = await stopReplyAfter(app, { model: "chat-pro" }, 3);
  expect(stopped).toBe(true);
  const reply = app.conversations.messages(conversationId).find((message) => message.id === messageId);
  expect(reply?.status).toBe("stopped");
  return reply!;
}

/**
 * Stops a reply after three deltas: the gateway charged for what it delivered, which the app did
 * not count, so the reply is ≈ and its range (its max_tokens at the list's price, and the movement) holds the charge.
 */
async function stoppedReplyCostsItsCharge(gateway: TestGateway, app: AppServices): Promise<void> {
  const stopped = await replyStoppedAfterThreeDeltas(app);
  await ledgerSettled(app);
  await waitUntil(
    async () => gatewayCharges(gateway).length,
    (charges) => charges > 0,
  );
  const [charge] = gatewayCharges(gateway);
  const reply = app.conversations.messages(stopped.conversationId).find((message) => message.id === stopped.id);
  expect(charge?.amount).toBeGreaterThan(0);
  expect(reply?.cost?.kind).toBe("estimated");
  // The readings round to 4 decimals.
  expect(reply?.cost?.low).toBeLessThanOrEqual((charge?.amount ?? NaN) + 0.000101);
  expect(reply?.cost?.high).toBeGreaterThanOrEqual((charge?.amount ?? NaN) - 0.000101);
  expect(app.conversations.detail(stopped.conversationId).totalCost).toEqual(reply?.cost);
}
