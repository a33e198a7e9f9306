import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import type { ChatSettings } from "../../../shared/ipc/chat.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { APP_MIGRATIONS, openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { migrate } from "../../../electron/common/sqlite-migrations.ts";
import { tempDir } from "../../support/local-gateway.ts";

const SETTINGS: ChatSettings = {
  profileId: null,
  model: "chat-fast",
  wireFormat: "messages",
  systemPrompt: "Be brief.",
  temperature: 0.5,
  topP: 1,
  maxTokens: 256,
  stopSequences: ["END"],
  stream: true,
};

function openStore(file: string) {
  const db = openAppDatabase(file);
  return { db, store: new ConversationStore(db) };
}

describe("the conversation store", () => {
  it("keeps conversations and messages across a reopen of the database file", () => {
    const file = join(tempDir("chat-"), "app.sqlite");
    const first = openStore(file);
    const conversation = first.store.create(SETTINGS);
    first.store.appendMessage({
      conversationId: conversation.id,
      role: "user",
      content: "What is a monad?",
      status: "complete",
    });
    first.store.appendMessage({
      conversationId: conversation.id,
      role: "assistant",
      content: "A monoid in the category of endofunctors…",
      status: "interrupted",
      error: { code: "STREAM_INCOMPLETE", message: "cut", requestId: "req_1" },
    });
    first.db.close();
    const second = openStore(file);
    const detail = second.store.detail(conversation.id);
    expect(detail.conversation).toMatchObject({ title: "What is a monad?", settings: SETTINGS });
    expect(detail.messages.map((message) => [message.role, message.status])).toEqual([
      ["user", "complete"],
      ["assistant", "interrupted"],
    ]);
    expect(detail.messages[1]!.error).toEqual({ code: "STREAM_INCOMPLETE", message: "cut", requestId: "req_1" });
  });

  it("deletes with undo", () => {
    const { store } = openStore(join(tempDir("chat-"), "app.sqlite"));
    const conversation = store.create(SETTINGS);
    store.appendMessage({ conversationId: conversation.id, role: "user", content: "keep me", status: "complete" });
    expect(store.softDelete(conversation.id)).toBe(true);
    expect(store.list()).toEqual([]);
    expect(() => store.detail(conversation.id)).toThrow(/does not exist/);
    store.restore(conversation.id);
    expect(store.detail(conversation.id).messages[0]!.content).toBe("keep me");
  });

  it("regenerate and edit add versions beside the earlier ones; the shown path is what follows and what is sent", () => {
    const { store } = openStore(join(tempDir("chat-"), "app.sqlite"));
    const { id } = store.create(SETTINGS);
    const contents = () => store.messages(id).map((message) => message.content);
    const first = store.appendMessage({ conversationId: id, role: "user", content: "one", status: "complete" });
    const replyOne = store.appendMessage({
      conversationId: id,
      role: "assistant",
      content: "reply one",
      status: "complete",
    });
    store.appendMessage({ conversationId: id, role: "user", content: "two", status: "complete" });
    store.appendMessage({ conversationId: id, role: "assistant", content: "reply two", status: "complete" });

    store.edits.regenerateFrom(id, replyOne.id);
    expect(contents()).toEqual(["one"]);
    store.appendMessage({ conversationId: id, role: "assistant", content: "reply one, again", status: "complete" });
    expect(contents()).toEqual(["one", "reply one, again"]);
    expect(store.messages(id)[1]!.versions).toEqual({ ids: [replyOne.id, expect.any(String)], index: 1 });

    // The first version comes back with everything that followed it.
    store.edits.showVersion(id, replyOne.id);
    expect(contents()).toEqual(["one", "reply one", "two", "reply two"]);

    const parentId = store.edits.editedQuestionParent(id, first.id);
    store.appendMessage({ conversationId: id, role: "user", content: "one, edited", status: "complete", parentId });
    expect(contents()).toEqual(["one, edited"]);
    expect(store.messages(id)[0]!.versions).toEqual({ ids: [first.id, expect.any(String)], index: 1 });
    store.edits.showVersion(id, first.id);
    expect(contents()).toEqual(["one", "reply one, again"]);
    expect(() => store.edits.editedQuestionParent(id, replyOne.id)).toThrow(/Only your own messages/);
  });

  it("a database from before versions reads each conversation as one path", () => {
    const file = join(tempDir("chat-"), "app.sqlite");
    const db = new DatabaseSync(file);
    const versions = APP_MIGRATIONS.findIndex((step) => step.includes("ADD COLUMN parent_id"));
    migrate(db, APP_MIGRATIONS.slice(0, versions));
    db.prepare("INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)").run(
      "c",
      "Old",
      JSON.stringify(SETTINGS),
      1,
      1,
    );
    const insert = db.prepare(
      "INSERT INTO messages (id, conversation_id, position, role, content, status, created_at) VALUES (?, 'c', ?, ?, ?, 'complete', 1)",
    );
    ["q1", "a1", "q2", "a2"].forEach((text, position) =>
      insert.run(text, position, position % 2 ? "assistant" : "user", text),
    );
    db.close();
    const { store } = openStore(file);
    expect(store.messages("c").map((message) => message.content)).toEqual(["q1", "a1", "q2", "a2"]);
    expect(store.messages("c").every((message) => message.versions === undefined)).toBe(true);
  });

  it("leaves a new conversation untitled until the first question names it; a reply does not", () => {
    const { store } = openStore(join(tempDir("chat-"), "app.sqlite"));
    const { id } = store.create(SETTINGS);
    expect(store.summary(id).title).toBeNull();
    store.appendMessage({ conversationId: id, role: "assistant", content: "Hello", status: "complete" });
    expect(store.summary(id).title).toBeNull();
    store.appendMessage({ conversationId: id, role: "user", content: "New chat\nmore lines", status: "complete" });
    expect(store.summary(id).title).toBe("New chat");
    store.appendMessage({ conversationId: id, role: "user", content: "Second question", status: "complete" });
    expect(store.summary(id).title).toBe("New chat");
  });

  it("reads a conversation stored under the old English placeholder title as untitled", () => {
    const file = join(tempDir("chat-"), "app.sqlite");
    const older = new DatabaseSync(file);
    migrate(
      older,
      APP_MIGRATIONS.slice(
        0,
        APP_MIGRATIONS.findIndex((step) => step.includes("'New chat'")),
      ),
    );
    older
      .prepare("INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
      .run("older", "New chat", JSON.stringify(SETTINGS), 1, 1);
    older.close();
    const id = "older";
    const second = openStore(file);
    expect(second.store.summary(id).title).toBeNull();
    second.store.appendMessage({ conversationId: id, role: "user", content: "Named now", status: "complete" });
    expect(second.store.summary(id).title).toBe("Named now");
  });

  it("New chat reuses the newest conversation nobody has written in, and makes one when there is none", () => {
    const { store } = openStore(join(tempDir("chat-"), "app.sqlite"));
    const written = store.create(SETTINGS);
    store.appendMessage({ conversationId: written.id, role: "user", content: "Hi", status: "complete" });
    const first = store.createOrReuseEmpty(SETTINGS);
    expect(first.id).not.toBe(written.id);
    expect(store.createOrReuseEmpty(SETTINGS).id).toBe(first.id);
    expect(store.list()).toHaveLength(2);
    expect(store.list()[0]?.id).toBe(first.id);
  });

  it("a reused empty conversation nobody named takes New chat's settings; a named one keeps its own", () => {
    const { store } = openStore(join(tempDir("chat-"), "app.sqlite"));
    const empty = store.createOrReuseEmpty(SETTINGS);
    const otherProfile = { ...SETTINGS, model: "echo" };
    expect(store.createOrReuseEmpty(otherProfile)).toMatchObject({ id: empty.id, settings: otherProfile });
    store.rename(empty.id, "Mine");
    expect(store.createOrReuseEmpty(SETTINGS)).toMatchObject({ id: empty.id, settings: otherProfile });
  });

  it("deletes one message, but not a reply that is still streaming", () => {
    const { store } = openStore(join(tempDir("chat-"), "app.sqlite"));
    const conversation = store.create(SETTINGS);
    const question = store.appendMessage({
      conversationId: conversation.id,
      role: "user",
      content: "Q",
      status: "complete",
    });
    const streaming = store.appendMessage({
      conversationId: conversation.id,
      role: "assistant",
      content: "A",
      status: "streaming",
    });
    expect(store.edits.deleteMessage(conversation.id, streaming.id)).toBe(false);
    expect(store.edits.deleteMessage("another-conversation", question.id)).toBe(false);
    expect(store.edits.deleteMessage(conversation.id, question.id)).toBe(true);
    expect(store.messages(conversation.id).map((message) => message.id)).toEqual([streaming.id]);
  });
});
