import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { ChatStreamData } from "../../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../../shared/ipc/streams.ts";
import { searchConversations } from "../../../electron/services/chat/conversation-search.ts";
import { startServices } from "../../support/services-fixture.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

const CHILD = join(import.meta.dirname, "..", "..", "support", "processes", "chat-in-child.ts");
let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ timeScale: 1, tokensPerSecond: 40, firstTokenDelayMs: 0 });
});
afterAll(() => gateway.close());

/** The reply's row as SQLite holds it right now, read through a connection of its own. */
function storedReply(dataDir: string, id: string): { content: string; status: string } | undefined {
  const db = new DatabaseSync(join(dataDir, "modeldesk.sqlite"), { readOnly: true });
  try {
    return db.prepare("SELECT content, status FROM messages WHERE id = ?").get(id) as
      { content: string; status: string } | undefined;
  } finally {
    db.close();
  }
}

describe("replies written ahead", () => {
  it("exist from Send, written with their question, and reach SQLite while they stream", async () => {
    const dataDir = tempDir("app-");
    const services = await startServices(gateway.url, KEYS.main.key, dataDir);
    try {
      const { page, received } = recordingPage();
      const conversation = services.conversations.create({ ...services.chat.defaultSettings(), maxTokens: 150 });
      const run = await services.chat.send(page, conversation.id, "Explain streaming at length", false);
      expect(storedReply(dataDir, run.assistantMessageId)).toEqual({ content: "", status: "streaming" });
      const first = await waitUntil(
        async () => storedReply(dataDir, run.assistantMessageId),
        (row) => (row?.content.length ?? 0) > 0,
      );
      expect(first!.status).toBe("streaming");
      // The next write of the row: more text while it streams, unless the reply ended first.
      const later = (await waitUntil(
        async () => storedReply(dataDir, run.assistantMessageId),
        (row) => row!.status !== "streaming" || row!.content.length > first!.content.length,
      ))!;
      expect(later.status).toBe("streaming");
      expect(later.content.length).toBeGreaterThan(first!.content.length);
      expect(later.content.startsWith(first!.content)).toBe(true);
      const events = await waitUntil(
        async () => received.map((entry) => entry.payload as StreamEvent).filter((e) => e.streamId === run.streamId),
        (list) => list.some((event) => event.kind === "done"),
        60_000,
      );
      const done = (events.at(-1)!.data as ChatStreamData["done"]).message;
      expect(done).toMatchObject({ status: "complete" });
      expect(storedReply(dataDir, run.assistantMessageId)).toEqual({ content: done.content, status: "complete" });
      expect(services.conversations.messages(conversation.id)).toHaveLength(2);
    } finally {
      await services.close();
    }
  });

  it("are stopped by the app's close, which waits until each has written its end and settled its call", async () => {
    const dataDir = tempDir("app-");
    const services = await startServices(gateway.url, KEYS.main.key, dataDir);
    const { page, received } = recordingPage();
    const conversation = services.conversations.create({ ...services.chat.defaultSettings(), maxTokens: 400 });
    const run = await services.chat.send(page, conversation.id, "Explain streaming at length", false);
    await waitUntil(
      async () => storedReply(dataDir, run.assistantMessageId),
      (row) => (row?.content.length ?? 0) > 0,
    );
    await services.close();

    const stored = storedReply(dataDir, run.assistantMessageId)!;
    expect(stored.status).toBe("stopped");
    const sent = received.map((entry) => entry.payload as StreamEvent).filter((e) => e.streamId === run.streamId);
    const done = sent.find((event) => event.kind === "done")!.data as ChatStreamData["done"];
    expect(done.message).toMatchObject({ status: "stopped", content: stored.content });
    const db = new DatabaseSync(join(dataDir, "modeldesk.sqlite"), { readOnly: true });
    try {
      const call = db
        .prepare("SELECT status, settled_at FROM request_log WHERE message_id = ?")
        .get(run.assistantMessageId) as { status: number; settled_at: number | null };
      expect(call).toMatchObject({ status: 200, settled_at: expect.any(Number) });
    } finally {
      db.close();
    }
  });

  it("survive kill -9: the partial text comes back Interrupted, and Retry answers", async () => {
    const dataDir = tempDir("app-");
    const child = spawn(process.execPath, [CHILD, gateway.url, KEYS.main.key, dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    onTestFinished(() => void child.kill("SIGKILL"));
    const [line] = (await once(child.stdout!, "data")) as [Buffer];
    const [, conversationId, replyId] = line.toString().trim().split(" ") as [string, string, string];
    await waitUntil(
      async () => storedReply(dataDir, replyId),
      (row) => (row?.content.length ?? 0) > 40,
    );
    child.kill("SIGKILL");
    await once(child, "exit");
    const partial = storedReply(dataDir, replyId)!;
    expect(partial.status).toBe("streaming");

    const services = await startServices(gateway.url, KEYS.main.key, dataDir);
    try {
      const [question, reply] = services.conversations.messages(conversationId);
      expect(question).toMatchObject({ role: "user", content: "Explain streaming at length" });
      expect(reply).toMatchObject({ id: replyId, status: "interrupted", content: partial.content });
      expect(reply!.content.length).toBeGreaterThan(40);
      expect(reply!.error).toMatchObject({ code: "APP_CLOSED" });
      // Left out of the search index while it streamed, indexed with the text it kept once marked Interrupted.
      const found = searchConversations(services.db, partial.content.slice(-20), []).hits[0]?.found;
      expect(found?.messageId).toBe(replyId);

      const { page, received } = recordingPage();
      const retry = services.chat.regenerate(page, conversationId, false);
      await waitUntil(
        async () => received.some((entry) => (entry.payload as StreamEvent).kind === "done"),
        Boolean,
        60_000,
      );
      const messages = services.conversations.messages(conversationId);
      expect(messages).toHaveLength(2);
      expect(messages[1]).toMatchObject({ id: retry.assistantMessageId, status: "complete" });
    } finally {
      await services.close();
    }
  });
});
