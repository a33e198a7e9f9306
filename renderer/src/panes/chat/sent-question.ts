import type { QueryClient } from "@tanstack/react-query";
import type { ChatMessage, ConversationDetail } from "../../../../shared/ipc/chat.ts";
import { chatKeys } from "./chat-queries.ts";

/**
 * The question just sent, as main stored it, from main's answer to Send rather than by reading the
 * whole conversation again (a question with files, or a comparison's).
 */
export function showSentQuestion(queryClient: QueryClient, conversationId: string, question: ChatMessage): void {
  queryClient.setQueryData<ConversationDetail>(chatKeys.detail(conversationId), (detail) =>
    detail
      ? { ...detail, messages: [...detail.messages.filter((message) => message.id !== question.id), question] }
      : detail,
  );
}

/**
 * A question asked again as a new version of itself (a comparison regenerated): the shown path now
 * ends at it, in the place of the version it stands beside and of what followed that one.
 */
export function showQuestionVersion(
  queryClient: QueryClient,
  conversationId: string,
  replacedId: string,
  question: ChatMessage,
): void {
  queryClient.setQueryData<ConversationDetail>(chatKeys.detail(conversationId), (detail) => {
    if (!detail) return detail;
    const at = detail.messages.findIndex((message) => message.id === replacedId);
    return { ...detail, messages: [...(at < 0 ? detail.messages : detail.messages.slice(0, at)), question] };
  });
}

/** The ids of the conversation's messages as last read, or undefined before it was read at all. */
export function shownMessageIds(queryClient: QueryClient, conversationId: string): ReadonlySet<string> | undefined {
  const detail = queryClient.getQueryData<ConversationDetail>(chatKeys.detail(conversationId));
  return detail && new Set(detail.messages.map((message) => message.id));
}
