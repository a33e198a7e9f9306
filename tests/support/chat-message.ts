import type { ChatMessage, MessageMeta } from "../../shared/ipc/chat.ts";

/** A finished message of conversation `c1` as main sends it; `fields` sets what a test is about. */
export function chatMessage(fields: Pick<ChatMessage, "id" | "role" | "content"> & Partial<ChatMessage>): ChatMessage {
  return {
    conversationId: "c1",
    status: "complete",
    error: null,
    meta: null,
    cost: null,
    createdAt: "2026-11-26T10:00:00.000Z",
    ...fields,
  };
}

/** What a finished reply's meta says, for tests that settle one by hand. */
export const FINISHED_META: MessageMeta = {
  model: "chat-fast",
  wireFormat: "chat-completions",
  searched: false,
  finish: "finished",
  stopSequence: null,
  inputTokens: 1,
  outputTokens: 1,
  ttftMs: 1,
  totalMs: 1,
  requestId: null,
  sources: [],
};
