import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatStreamData } from "../../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../../shared/ipc/streams.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { exportConversation } from "../../../electron/services/chat/chat-export.ts";
import { allRows } from "../../../electron/common/sql-rows.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let services: AppServices;
const dataDir = tempDir("compare-");

beforeAll(async () => {
  // Slow enough that one answer can be stopped while the other is still coming.
  gateway = await startTestGateway({ timeScale: 1, tokensPerSecond: 60, firstTokenDelayMs: 20 });
  services = await startServices(gateway.url, KEYS.main.key, dataDir);
});
afterAll(async () => {
  await services.close();
  await gateway.close();
});

const newConversation = () => services.conversations.create({ ...services.chat.defaultSettings(), maxTokens: 60 }).id;

const eventsOf = (received: { payload: unknown }[], streamId: string) =>
  received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === streamId);

async function doneOf(received: { payload: unknown }[], streamId: string) {
  const events = await waitUntil(
    async () => eventsOf(received, streamId),
    (list) => list.some((event) => event.kind === "done"),
  );
  return (events.find((event) => event.kind === "done")!.data as ChatStreamData["done"]).message;
}

describe("compare", () => {
  it("streams each model's answer on its own stream, keeps them beside the question, and goes on from the chosen one", async () => {
    const { page, received } = recordingPage();
    const id = newConversation();
    const run = services.compare.send(page, id, "Compare yourselves", ["chat-fast", "chat-pro"]);
    expect(run.columns.map((column) => column.model)).toEqual(["chat-fast", "chat-pro"]);
    const [fast, pro] = await Promise.all(run.columns.map((column) => doneOf(received, column.streamId)));
    expect(fast).toMatchObject({ id: run.columns[0]!.assistantMessageId, status: "complete" });
    expect(fast!.meta).toMatchObject({ model: "chat-fast" });
    expect(pro!.meta).toMatchObject({ model: "chat-pro" });
    expect(fast!.meta!.ttftMs).not.toBeNull();
    expect(pro!.meta!.outputTokens).toBeGreaterThan(0);
    for (const column of run.columns) {
      const text = eventsOf(received, column.streamId)
        .filter((event) => event.kind === "delta")
        .map((event) => (event.data as { text: string }).text)
        .join("");
      expect(text.length).toBeGreaterThan(0);
    }

    // Nothing is chosen yet: the conversation ends at the question, and a new message waits for a choice.
    const [comparison] = services.conversations.comparisons.list(id);
    expect(comparison).toMatchObject({ questionId: run.userMessage.id, chosenId: null });
    expect(comparison!.columns.map((column) => column.message?.meta?.model)).toEqual(["chat-fast", "chat-pro"]);
    expect(services.conversations.detail(id).messages.map((message) => message.id)).toEqual([run.userMessage.id]);
    await expect(services.chat.send(page, id, "And now?", false)).rejects.toThrow(
      expect.objectContaining({ code: "CHOOSE_AN_ANSWER" }),
    );

    services.conversations.comparisons.continueWith(id, pro!.id);
    expect(services.conversations.comparisons.list(id)[0]!.chosenId).toBe(pro!.id);
    const next = await services.chat.send(page, id, "And now?", false);
    await doneOf(received, next.streamId);
    const path = services.conversations.detail(id).messages;
    expect(path.map((message) => message.id)).toEqual([
      run.userMessage.id,
      pro!.id,
      next.userMessage.id,
      next.assistantMessageId,
    ]);
  });

  it("makes each answer its own paid call, linked to the conversation and to that answer", async () => {
    const { page, received } = recordingPage();
    const id = newConversation();
    const run = services.compare.send(page, id, "Price check", ["chat-fast", "chat-pro", "chat-fast"]);
    await Promise.all(run.columns.map((column) => doneOf(received, column.streamId)));
    const calls = allRows<{ message_id: string; request_id: string; chargeable: number }>(
      services.db.prepare(
        "SELECT message_id, request_id, chargeable FROM request_log WHERE conversation_id = ? AND kind = 'chat'",
      ),
      id,
    );
    expect(calls.map((call) => call.message_id).sort()).toEqual(
      run.columns.map((column) => column.assistantMessageId).sort(),
    );
    expect(new Set(calls.map((call) => call.request_id)).size).toBe(3);
    expect(calls.every((call) => call.chargeable === 1)).toBe(true);
  });

  it("stops one answer and lets the others finish; a stopped answer can be continued with, one still coming cannot", async () => {
    const { page, received } = recordingPage();
    const id = services.conversations.create({ ...services.chat.defaultSettings(), maxTokens: 400 }).id;
    const run = services.compare.send(page, id, "Take your time", ["chat-fast", "chat-pro"]);
    const [first, second] = run.columns;
    await waitUntil(
      async () => eventsOf(received, first!.streamId),
      (events) => events.some((event) => event.kind === "delta"),
    );
    await waitUntil(
      async () => services.conversations.comparisons.list(id)[0]!.columns[1]!.message?.status ?? null,
      (status) => status === "streaming",
    );
    expect(() => services.conversations.comparisons.continueWith(id, second!.assistantMessageId)).toThrow(
      expect.objectContaining({ code: "ANSWER_STILL_STREAMING" }),
    );
    expect(services.streams.cancel(first!.streamId, page.id)).toBe(true);
    const stopped = await doneOf(received, first!.streamId);
    expect(stopped.status).toBe("stopped");
    expect(eventsOf(received, second!.streamId).some((event) => event.kind === "done")).toBe(false);
    services.streams.cancel(second!.streamId, page.id);
    await doneOf(received, second!.streamId);
    services.conversations.comparisons.continueWith(id, stopped.id);
    expect(services.conversations.detail(id).messages.at(-1)!.id).toBe(stopped.id);
  });

  it("regenerates a comparison by asking its question again of all its models, as a new version of the question", async () => {
    const { page, received } = recordingPage();
    const id = newConversation();
    const first = services.compare.send(page, id, "Ask us twice", ["chat-pro", "chat-fast", "chat-pro"]);
    const answers = await Promise.all(first.columns.map((column) => doneOf(received, column.streamId)));
    services.conversations.comparisons.continueWith(id, answers[1]!.id);
    const next = await services.chat.send(page, id, "Go on", false);
    await doneOf(received, next.streamId);

    const again = services.compare.again(page, id, first.comparisonId);
    expect(again.columns.map((column) => column.model)).toEqual(["chat-pro", "chat-fast", "chat-pro"]);
    expect(again.userMessage).toMatchObject({ content: "Ask us twice", role: "user" });
    expect(again.userMessage.id).not.toBe(first.userMessage.id);
    await Promise.all(again.columns.map((column) => doneOf(received, column.streamId)));

    // The conversation now ends at the new version of the question, beside the first one, and waits for a choice.
    const path = services.conversations.detail(id).messages;
    expect(path.map((message) => message.id)).toEqual([again.userMessage.id]);
    expect(path[0]!.versions?.ids).toEqual([first.userMessage.id, again.userMessage.id]);
    const comparisons = services.conversations.comparisons.list(id);
    expect(comparisons.map((comparison) => comparison.questionId)).toEqual([
      first.userMessage.id,
      again.userMessage.id,
    ]);
    expect(comparisons[1]!.columns.every((column) => column.message?.status === "complete")).toBe(true);
    await expect(services.chat.send(page, id, "Next", false)).rejects.toThrow(
      expect.objectContaining({ code: "CHOOSE_AN_ANSWER" }),
    );

    // The first version keeps its answers, the one continued with and what followed it.
    services.conversations.edits.showVersion(id, first.userMessage.id);
    expect(services.conversations.comparisons.list(id)[0]!.chosenId).toBe(answers[1]!.id);
    expect(services.conversations.detail(id).messages.at(-1)!.id).toBe(next.assistantMessageId);
    expect(() => services.compare.again(page, id, "no-such-comparison")).toThrow(
      expect.objectContaining({ code: "COMPARISON_NOT_FOUND" }),
    );
  });

  it("refuses to continue with a message that is not a compared answer", () => {
    const id = newConversation();
    const question = services.conversations.appendMessage({
      conversationId: id,
      role: "user",
      content: "q",
      status: "complete",
    });
    expect(() => services.conversations.comparisons.continueWith(id, question.id)).toThrow(
      expect.objectContaining({ code: "NOT_A_COMPARED_ANSWER" }),
    );
  });

  it("exports every answer, and keeps the comparison across a restart", async () => {
    const { page, received } = recordingPage();
    const id = newConversation();
    const run = services.compare.send(page, id, "Export me", ["chat-fast", "chat-pro"]);
    const answers = await Promise.all(run.columns.map((column) => doneOf(received, column.streamId)));
    services.conversations.comparisons.continueWith(id, answers[0]!.id);
    const comparisons = services.conversations.comparisons.list(id);
    const dataOf = (attachmentId: string) => services.conversations.attachments.data(id, attachmentId);
    const markdown = exportConversation(services.conversations.detail(id), "markdown", dataOf, comparisons).content;
    expect(markdown).toContain("#### chat-fast (continued with this answer)");
    expect(markdown).toContain("#### chat-pro");
    for (const answer of answers) expect(markdown).toContain(answer!.content.slice(0, 40));
    expect(markdown.match(/## Assistant/g)).toBeNull();
    const json = JSON.parse(exportConversation(services.conversations.detail(id), "json", dataOf, comparisons).content);
    expect(json.comparisons[0].columns).toHaveLength(2);

    await services.close();
    services = await startServices(gateway.url, KEYS.main.key, dataDir);
    const [kept] = services.conversations.comparisons.list(id);
    expect(kept!.chosenId).toBe(answers[0]!.id);
    expect(kept!.columns.map((column) => column.message?.content)).toEqual(answers.map((answer) => answer!.content));
  });
});
