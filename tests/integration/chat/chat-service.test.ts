import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatSettings, ChatStreamData } from "../../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../../shared/ipc/streams.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { searchConversations } from "../../../electron/services/chat/conversation-search.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let slowGateway: TestGateway;
let services: AppServices;

beforeAll(async () => {
  gateway = await startTestGateway({
    keys: [{ ...KEYS.main }, { key: "sk-chat-rpm-2", tenant: "acme", id: "key_rpm2", name: "RPM 2", rpm: 2 }],
    rateLimitWindowSeconds: 2,
  });
  slowGateway = await startTestGateway({ timeScale: 1, tokensPerSecond: 40, firstTokenDelayMs: 50 });
  services = await startServices(gateway.url, KEYS.main.key);
});
afterAll(async () => {
  await services.close();
  await gateway.close();
  await slowGateway.close();
});

function conversationWith(settings: Partial<ChatSettings> = {}) {
  const conversation = services.conversations.create({ ...services.chat.defaultSettings(), ...settings });
  return conversation.id;
}

const streamEvents = (received: { payload: unknown }[], streamId: string) =>
  received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === streamId);

async function finished(received: { payload: unknown }[], streamId: string) {
  const events = await waitUntil(
    async () => streamEvents(received, streamId),
    (list) => list.some((event) => event.kind === "done"),
  );
  return { events, done: (events.at(-1)!.data as ChatStreamData["done"]).message };
}

describe("chat through main", () => {
  it.each(["chat-completions", "messages"] as const)(
    "streams a %s reply, persists it with its metadata",
    async (wireFormat) => {
      const { page, received } = recordingPage();
      const id = conversationWith({ wireFormat, temperature: 0.7 });
      const run = await services.chat.send(page, id, "Explain streaming", false);
      expect(run.userMessage).toMatchObject({ role: "user", content: "Explain streaming" });
      const { events, done } = await finished(received, run.streamId);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
      const text = events
        .filter((event) => event.kind === "delta")
        .map((event) => (event.data as { text: string }).text)
        .join("");
      expect(text).toBe(done.content);
      expect(done).toMatchObject({ id: run.assistantMessageId, status: "complete", error: null });
      expect(done.meta).toMatchObject({ model: "chat-fast", wireFormat, finish: "finished", searched: false });
      expect(done.meta!.outputTokens).toBeGreaterThan(100);
      expect(done.meta!.ttftMs).not.toBeNull();
      expect(done.meta!.requestId).toMatch(/^req_/);
      expect(services.conversations.detail(id).messages.map((message) => message.role)).toEqual(["user", "assistant"]);
      // Found by the search as soon as its done is sent.
      const words = done.content.split(/\s+/).slice(5, 12).join(" ");
      const hit = searchConversations(services.db, words, []).hits.find((found) => found.conversation.id === id);
      expect(hit?.found?.messageId).toBe(done.id);
    },
  );

  it("honours stop sequences in the messages format and says which one matched", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith({ wireFormat: "messages", stopSequences: ["The short version"] });
    const { done } = await finished(received, (await services.chat.send(page, id, "Anything", false)).streamId);
    expect(done.meta).toMatchObject({ finish: "stop_sequence", stopSequence: "The short version" });
    expect(done.content).not.toContain("The short version");
  });

  it("answers without streaming when streaming is off", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith({ stream: false, maxTokens: 12 });
    const { events, done } = await finished(received, (await services.chat.send(page, id, "short", false)).streamId);
    expect(events.filter((event) => event.kind === "delta")).toHaveLength(1);
    expect(done.meta).toMatchObject({ finish: "max_tokens", outputTokens: 12 });
  });

  it("searches the web with the profile's search model and keeps the sources", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith();
    const { events, done } = await finished(
      received,
      (await services.chat.send(page, id, "How do budgets reset?", true)).streamId,
    );
    expect(events.some((event) => event.kind === "citations")).toBe(true);
    expect(done.meta).toMatchObject({ model: "web-search", searched: true });
    expect(done.meta!.sources[0]!.url).toMatch(/\/help\/budgets$/);
    expect(done.content).toContain("[1]");
  });

  it("keeps a cut stream's partial reply, marked interrupted with its error", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith({ model: "chat-stream-cut" });
    const { done } = await finished(received, (await services.chat.send(page, id, "cut me", false)).streamId);
    expect(done.status).toBe("interrupted");
    expect(done.content.length).toBeGreaterThan(10);
    expect(done.error).toMatchObject({ code: "STREAM_INCOMPLETE" });
  });

  it("shows gateway refusals as failed replies with code and request id; the question stays", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith({ model: "no-such-model" });
    const { events, done } = await finished(received, (await services.chat.send(page, id, "hello?", false)).streamId);
    expect(events.find((event) => event.kind === "error")!.data).toMatchObject({
      code: "MODEL_NOT_FOUND",
      status: 404,
      retrying: false,
    });
    expect(done).toMatchObject({ status: "error", content: "", error: { code: "MODEL_NOT_FOUND", status: 404 } });
    expect(done.error!.requestId).toMatch(/^req_/);
    expect(services.conversations.detail(id).messages[0]!.content).toBe("hello?");
  });

  it("waits out a 429 by itself and then answers", async () => {
    const limited = await startServices(gateway.url, "sk-chat-rpm-2");
    try {
      const { page, received } = recordingPage();
      const id = limited.conversations.create({ ...limited.chat.defaultSettings(), maxTokens: 5 }).id;
      // Another client spends the key's minute, so this app learns of it only from the 429.
      for (let i = 0; i < 2; i++) await gateway.call("/v1/balance", { key: "sk-chat-rpm-2" });
      const run = await limited.chat.send(page, id, "after the wait", false);
      const { events, done } = await finished(received, run.streamId);
      const notice = events.find((event) => event.kind === "error")!.data as ChatStreamData["error"];
      expect(notice).toMatchObject({ code: "RATE_LIMIT", status: 429, retrying: true });
      expect(notice.retryAfter).toBeGreaterThanOrEqual(1);
      expect(done.status).toBe("complete");
      expect(done.meta!.outputTokens).toBe(5);
    } finally {
      await limited.close();
    }
  });

  it("stops at once on cancel, keeping the partial reply marked stopped", async () => {
    const slow = await startServices(slowGateway.url, KEYS.main.key);
    try {
      const { page, received } = recordingPage();
      const id = slow.conversations.create(slow.chat.defaultSettings()).id;
      const run = await slow.chat.send(page, id, "a long answer please", false);
      await waitUntil(
        async () => streamEvents(received, run.streamId).filter((event) => event.kind === "delta").length,
        (count) => count >= 3,
      );
      expect(slow.streams.cancel(run.streamId, page.id)).toBe(true);
      const { done } = await finished(received, run.streamId);
      expect(done.status).toBe("stopped");
      expect(done.content.length).toBeGreaterThan(0);
      // A stopped reply is charged for what was delivered; the gateway sent no usage, so the app counts it (≈).
      expect(done.meta).toMatchObject({ tokensEstimated: true });
      expect(done.meta!.outputTokens).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
  });

  it("regenerates the last reply and resends an edited question", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith({ maxTokens: 30 });
    const first = await finished(received, (await services.chat.send(page, id, "first question", false)).streamId);
    const again = await finished(received, services.chat.regenerate(page, id, false).streamId);
    expect(again.done.content).toBe(first.done.content);
    expect(services.conversations.detail(id).messages).toHaveLength(2);
    const question = services.conversations.detail(id).messages[0]!;
    const edited = await finished(
      received,
      services.chat.edit(page, id, question.id, "a different question", false).streamId,
    );
    expect(edited.done.content).not.toBe(first.done.content);
    expect(services.conversations.detail(id).messages.map((message) => message.content)).toEqual([
      "a different question",
      edited.done.content,
    ]);
  });
});
