import { useChatStore } from "./chat-store.ts";

const PENDING = "pending-";

/** Whether this reply is only drawn so far: main has not answered Send with its stream yet. */
export const isPendingReply = (streamId: string): boolean => streamId.startsWith(PENDING);

/**
 * The reply's place in the transcript, drawn the moment Send is pressed with the question: when
 * main answers, nothing on screen changes, so the page is free for the reply's first words.
 * Returns the stream id it is shown under until main names the real one.
 */
export function showPendingReply(conversationId: string): string {
  const id = `${PENDING}${crypto.randomUUID()}`;
  useChatStore.getState().replyStarted({ streamId: id, conversationId, assistantMessageId: id });
  return id;
}

/** Whether Stop was pressed on the pending reply `streamId`, so its stream is to be stopped as soon as it starts. */
export const stopAskedOf = (streamId: string): boolean => useChatStore.getState().live[streamId]?.stopAsked === true;

/** Send was refused: the reply drawn for it goes. */
export const dropPendingReply = (streamId: string): void => useChatStore.getState().replyEnded(streamId);
