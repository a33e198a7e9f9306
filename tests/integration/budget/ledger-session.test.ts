import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
import { chatTurn, gatewayCharges, ledgerSettled, QUICK_SAMPLING, taskUntil } from "./budget-session.ts";

const FAST_POLLS = { imageBaseMs: 50, videoBaseMs: 50, growth: 1.5, maxIntervalMs: 200, maxWaitMs: 60_000 };
let gateway: TestGateway;
let app: AppServices;
let profileId: string;

beforeAll(async () => {
  gateway = await startTestGateway({ timeScale: 0.05, videoLimits: { perMinute: 50, perDay: 100, concurrent: 10 } });
  app = await startServices(gateway.url, KEYS.main.key, tempDir("app-"), {
    pollTiming: FAST_POLLS,
    samplerTiming: QUICK_SAMPLING,
  });
  profileId = app.vault.resolveId();
});
afterAll(async () => {
  await app.close();
  await gateway.close();
});

const image = { prompt: "a lighthouse", n: 2, size: "96x64" as const, responseFormat: "url" as const };
const video = { model: "video-std", prompt: "waves", size: "1280x720" as const, duration: 5 as const };

describe("the ledger over a mixed session", () => {
  it("records every call with its request id, measures each charge as the gateway made it and shows refunds", async () => {
    // The Budget pane reads the balance when it opens: that first reading is what the first call is measured from.
    await app.budget.snapshot(profileId);
    const costsChanged: string[] = [];
    app.subscribe({ costsChanged: (change) => costsChanged.push(change.profileId) });
    const completions = await chatTurn(app, { model: "chat-fast", wireFormat: "chat-completions" }, "Hello there");
    await ledgerSettled(app);
    const messages = await chatTurn(app, { model: "chat-pro", wireFormat: "messages", stream: false }, "Hi again");
    await ledgerSettled(app);
    await chatTurn(app, {}, "What is new?", true);
    await ledgerSettled(app);
    const refused = await chatTurn(app, { model: "chat-offline" }, "Anyone there?");
    await ledgerSettled(app);
    const syncImage = await app.tasks.generateImage(profileId, { ...image, model: "image-fast", async: false });
    await ledgerSettled(app);
    const asyncImage = await app.tasks.generateImage(profileId, { ...image, model: "image-pro", async: true });
    await taskUntil(app, asyncImage.id, (task) => task.status === "completed");
    await ledgerSettled(app);
    const finishedVideo = await app.tasks.generateVideo(profileId, video);
    await taskUntil(app, finishedVideo.id, (task) => task.status === "completed");
    await ledgerSettled(app);
    // A task's charge is split only once it ends (its refund may reach back to it): cancelled while it runs.
    const cancelledVideo = await app.tasks.generateVideo(profileId, video);
    await app.tasks.cancel(cancelledVideo.id);
    await ledgerSettled(app);

    // The window hears of every measurement, so replies, tasks and charts refresh.
    // (The cancelled video's charge and its refund are judged in one run.)
    expect(costsChanged.length).toBeGreaterThanOrEqual(7);
    expect(new Set(costsChanged)).toEqual(new Set([profileId]));
    // The balance is still sampled every half second: a reading whose answer has not come yet has no request id yet.
    const page = await waitUntil(
      async () => app.ledger.page(profileId, {}, 0, 500),
      (read) => read.entries.every((entry) => entry.requestId),
    );
    const kinds = new Set(page.entries.map((entry) => entry.kind));
    expect([...kinds].sort()).toEqual(["balance", "cancel", "chat", "image", "models", "poll", "search", "video"]);
    for (const entry of page.entries) expect(entry.requestId, `${entry.method} ${entry.endpoint}`).toMatch(/\S/);
    const [refusal, ...others] = page.entries.filter((entry) => entry.status !== 200);
    expect(others).toEqual([]);
    expect(refusal).toMatchObject({ kind: "chat", model: "chat-offline", cost: 0, costKind: "free" });
    expect(refusal?.errorCode).toMatch(/^[A-Z_]+$/);
    const refusedReply = app.conversations.messages(refused.conversationId).find((m) => m.id === refused.messageId);
    expect(refusedReply?.cost).toBeNull();
    for (const entry of page.entries.filter((candidate) => candidate.costKind === "measured")) {
      if (entry.kind !== "chat" && entry.kind !== "search") continue;
      expect(entry.inputTokens).toBeGreaterThan(0);
      expect(entry.outputTokens).toBeGreaterThan(0);
    }
    expect(page.entries.filter((entry) => entry.kind === "chat").map((entry) => entry.endpoint)).toEqual([
      "/v1/chat/completions",
      "/v1/messages",
      "/v1/chat/completions",
    ]);

    const charges = gatewayCharges(gateway);
    const charged = charges.filter((charge) => charge.amount > 0);
    expect(charged).toHaveLength(7);
    for (const charge of charged) {
      const entry = page.entries.find((candidate) => candidate.requestId === charge.request_id);
      // A call alone in its movement is measured; the cancelled video shares its movement with its refund: priced.
      expect(["measured", "priced"], charge.model).toContain(entry?.costKind);
      // The balance is reported to 4 decimals, so a measurement is exact to within one of them.
      expect(Math.abs((entry?.cost ?? NaN) - charge.amount), charge.model).toBeLessThanOrEqual(0.000101);
    }
    const [refund] = charges.filter((charge) => charge.amount < 0);
    expect(refund?.task_id).toBe(cancelledVideo.remoteId);
    const cancelledView = app.tasks.list(profileId).find((task) => task.id === cancelledVideo.id);
    expect(cancelledView?.cost).toEqual({ amount: 2.5, low: 2.5, high: 2.5, kind: "priced", refund: 2.5 });
    expect(app.tasks.list(profileId).find((task) => task.id === syncImage.id)?.cost).toMatchObject({ amount: 0.2 });

    const reply = app.conversations.messages(completions.conversationId).find((m) => m.id === completions.messageId);
    expect(reply?.cost?.kind).toBe("measured");
    expect(reply?.cost?.amount).toBeGreaterThan(0);
    const detail = app.conversations.detail(messages.conversationId);
    expect(detail.totalCost?.amount).toBeCloseTo(detail.messages.at(-1)?.cost?.amount ?? NaN, 6);
  });
});
