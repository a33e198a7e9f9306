import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatStreamData } from "../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../shared/ipc/streams.ts";
import { recordingPage } from "../support/fake-page.ts";
import { waitUntil } from "../support/local-gateway.ts";
import { toIpcError } from "../../electron/services/error-values.ts";
import { startFaultBench, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
beforeAll(async () => {
  bench = await startFaultBench();
  // The subject is a write the disk refuses, not how long SQLite waits before refusing it.
  bench.services.db.exec("PRAGMA busy_timeout = 0");
});
afterAll(() => bench.close());

function storedReply(id: string) {
  const db = new DatabaseSync(join(bench.dataDir, "modeldesk.sqlite"), { readOnly: true });
  try {
    return db.prepare("SELECT content, status FROM messages WHERE id = ?").get(id) as
      { content: string; status: string } | undefined;
  } finally {
    db.close();
  }
}

describe("a database another process holds locked during a reply", () => {
  it("keeps the reply in memory, says it is not saved, saves it once the lock is gone, and the host lives", async () => {
    const holder = new DatabaseSync(join(bench.dataDir, "modeldesk.sqlite"));
    // Taken once the request is out (its ledger row written), held until the reply has ended.
    bench.proxy.when(
      { method: "POST", path: "/v1/chat/completions" },
      ({ pass }) => {
        holder.exec("BEGIN IMMEDIATE");
        pass();
      },
      1,
    );
    const { page, received } = recordingPage();
    const conversation = bench.services.conversations.create(bench.services.chat.defaultSettings());
    const run = await bench.services.chat.send(page, conversation.id, "Tell me a story", false);
    const events = await waitUntil(
      async () =>
        received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === run.streamId),
      (list) => list.some((event) => event.kind === "done"),
      60_000,
    );
    const { message } = events.find((event) => event.kind === "done")!.data as ChatStreamData["done"];
    const deltas = events
      .filter((event) => event.kind === "delta")
      .map((event) => (event.data as { text: string }).text);
    expect(message.content).toBe(deltas.join(""));
    expect(message.content.length, JSON.stringify(events)).toBeGreaterThan(0);
    expect(message).toMatchObject({ status: "complete", error: { code: "REPLY_NOT_SAVED" } });
    // Its row, written with its question before the lock was taken, as it was then.
    expect(storedReply(run.assistantMessageId)).toEqual({ content: "", status: "streaming" });

    holder.exec("COMMIT");
    holder.close();
    const saved = await waitUntil(
      async () => storedReply(run.assistantMessageId),
      (row) => row?.status === "complete",
    );
    expect(saved!.content).toBe(message.content);
    expect(bench.services.conversations.messages(conversation.id).at(-1)).toMatchObject({
      id: run.assistantMessageId,
      status: "complete",
      error: null,
    });
  });
});

describe("new conversations on a full disk", () => {
  it("are refused naming the full disk, not 'something went wrong', and the host goes on", () => {
    const { db, conversations, chat } = bench.services;
    const { page_count: pages } = db.prepare("PRAGMA page_count").get() as { page_count: number };
    // SQLite refuses to grow the file past this many pages, as it does when the disk is full.
    db.exec(`PRAGMA max_page_count = ${pages}`);
    let error: unknown = null;
    try {
      for (let i = 0; error === null && i < 100_000; i++) conversations.create(chat.defaultSettings());
    } catch (caught) {
      error = caught;
    } finally {
      db.exec("PRAGMA max_page_count = 1073741823");
    }
    expect(toIpcError(error)).toMatchObject({ code: "STORAGE_DISK_FULL", text: { code: "STORAGE_DISK_FULL" } });
    expect(toIpcError(error).message).toContain("disk holding the app's data is full");
    expect(conversations.create(chat.defaultSettings()).id).toBeTruthy();
  });
});
