import type { ChatMessage } from "../../shared/ipc/chat.ts";

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
