import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";
import { seededIds } from "../../support/seeded-id.ts";

describe("continuing with a compared answer", () => {
  it("refuses a plain reply, even in a conversation with a comparison, and takes an answer of it", () => {
    const store = new ConversationStore(openAppDatabase(join(tempDir("comparison-"), "app.sqlite")));
    const nextId = seededIds(48);
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    const say = (
      role: "user" | "assistant",
      content: string,
      extra: { parentId?: string; showAsLeaf?: boolean } = {},
    ) => store.appendMessage({ id: nextId(), conversationId: id, role, content, status: "complete", ...extra }).id;
    say("user", "Plain question");
    const plainReply = say("assistant", "Plain reply");
    const compared = say("user", "Compared question");
    const answers = ["chat-fast", "chat-pro"].map((model) => ({
      messageId: say("assistant", model, { parentId: compared, showAsLeaf: false }),
      model,
    }));
    store.comparisons.create(id, compared, answers);

    // An assistant message of this conversation, so only the comparison check can refuse it.
    expect(() => store.comparisons.continueWith(id, plainReply)).toThrow(
      expect.objectContaining({ code: "NOT_A_COMPARED_ANSWER" }),
    );
    expect(store.edits.leafOf(id)).toBe(compared);

    store.comparisons.continueWith(id, answers[1]!.messageId);
    expect(store.detail(id).messages.map((message) => message.content)).toEqual([
      "Plain question",
      "Plain reply",
      "Compared question",
      "chat-pro",
    ]);
  });
});
