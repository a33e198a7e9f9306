import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import { useChatStore } from "./chat-store.ts";

const PENDING = "pending-";

/** Whether this reply is only drawn so far: main has not answered Send with its stream yet. */
export const isPendingReply = (streamId: string): boolean => streamId.startsWith(PENDING);

/**
 * The question as typed and the reply's place under it, drawn together the moment Send is pressed:
 * when main answers, nothing on screen changes, so the page is free for the reply's first words.
 * Returns the stream id it is shown under until main names the real one.
 */
export function showPendingReply(conversationId: string, content: string, shownAtSend?: ReadonlySet<string>): string {
  const key = crypto.randomUUID();
  const id = `${PENDING}${key}`;
  const typed: ChatMessage = {
    id: `${PENDING}question-${key}`,
    conversationId,
    role: "user",
    content,
    status: "complete",
    error: null,
    meta: null,
    cost: null,
    createdAt: new Date().toISOString(),
  };
  useChatStore.getState().replyStarted({
    streamId: id,
    conversationId,
    assistantMessageId: id,
    question: { typed, ...(shownAtSend ? { shownAtSend } : {}) },
  });
  return id;
}

/** Stop pressed on the pending reply `streamId`: its stream is stopped as soon as main names it. */
export const stopPendingReply = (streamId: string): void => useChatStore.getState().pendingReplyStopped(streamId);

/** Whether Stop was pressed on the pending reply `streamId`, so its stream is to be stopped as soon as it starts. */
export const stopAskedOf = (streamId: string): boolean => useChatStore.getState().live[streamId]?.stopAsked === true;

/** Send was refused: the reply drawn for it goes. */
export const dropPendingReply = (streamId: string): void => useChatStore.getState().replyEnded(streamId);
