import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const openStore = () => new ConversationStore(openAppDatabase(join(tempDir("tree-"), "app.sqlite")));

describe("a conversation's messages as a tree", () => {
  it("deleting a question from the middle hands what followed it to the message before it; nothing earlier goes", () => {
    const store = openStore();
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    const ids = ["q1", "a1", "q2", "a2", "q3", "a3"].map(
      (content, index) =>
        store.appendMessage({ conversationId: id, role: index % 2 ? "assistant" : "user", content, status: "complete" })
          .id,
    );
    expect(store.edits.deleteMessage(id, ids[2]!)).toBe(true);
    expect(store.messages(id).map((message) => message.content)).toEqual(["q1", "a1", "a2", "q3", "a3"]);
  });

  it("lists a place's versions in the order they were written, whatever their ids", () => {
    const store = openStore();
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    const question = store.appendMessage({ conversationId: id, role: "user", content: "Q", status: "complete" });
    // Ids that sort the other way round from the order written.
    for (const version of ["z-first", "m-second", "a-third"])
      store.appendMessage({
        id: version,
        conversationId: id,
        role: "assistant",
        content: version,
        status: "complete",
        parentId: question.id,
      });
    const reply = store.detail(id).messages.at(-1);
    expect(reply?.versions).toEqual({ ids: ["z-first", "m-second", "a-third"], index: 2 });
  });
});
