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

/** The ids of the conversation's messages as last read, or undefined before it was read at all. */
export function shownMessageIds(queryClient: QueryClient, conversationId: string): ReadonlySet<string> | undefined {
  const detail = queryClient.getQueryData<ConversationDetail>(chatKeys.detail(conversationId));
  return detail && new Set(detail.messages.map((message) => message.id));
}
