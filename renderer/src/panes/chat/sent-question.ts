import type { QueryClient } from "@tanstack/react-query";
import type { ChatMessage, ConversationDetail } from "../../../../shared/ipc/chat.ts";
import { chatKeys } from "./chat-queries.ts";

function changeMessages(
  queryClient: QueryClient,
  conversationId: string,
  change: (messages: ChatMessage[]) => ChatMessage[],
): void {
  queryClient.setQueryData<ConversationDetail>(chatKeys.detail(conversationId), (detail) =>
    detail ? { ...detail, messages: change(detail.messages) } : detail,
  );
}

/**
 * The question as typed, shown the moment it is sent: drawing it while main stores it and asks the
 * gateway leaves the page free when the reply's first words come. Returns the id it is shown under.
 */
export function showPendingQuestion(queryClient: QueryClient, conversationId: string, content: string): string {
  const pending: ChatMessage = {
    id: `pending-${crypto.randomUUID()}`,
    conversationId,
    role: "user",
    content,
    status: "complete",
    error: null,
    meta: null,
    cost: null,
    createdAt: new Date().toISOString(),
  };
  changeMessages(queryClient, conversationId, (messages) => [...messages, pending]);
  return pending.id;
}

/** A question main refused goes from the transcript (its words go back to the message box). */
export function dropPendingQuestion(queryClient: QueryClient, conversationId: string, pendingId: string): void {
  changeMessages(queryClient, conversationId, (messages) => messages.filter((message) => message.id !== pendingId));
}

/**
 * The question just sent, as main stored it, from main's answer to Send rather than by reading the
 * whole conversation again (a question with files, or a comparison's).
 */
export function showSentQuestion(queryClient: QueryClient, conversationId: string, question: ChatMessage): void {
  changeMessages(queryClient, conversationId, (messages) => [
    ...messages.filter((message) => message.id !== question.id),
    question,
  ]);
}
