import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatSettings } from "../../../../shared/ipc/chat.ts";
import { api } from "../../api/desktop-api.ts";
import { unwrap } from "../../api/api-error.ts";

export const chatKeys = {
  /** Every conversation list, whatever its search. */
  lists: ["chat", "list"] as const,
  list: (query: string) => ["chat", "list", query] as const,
  /** Every open conversation, e.g. when costs arrive. */
  details: ["chat", "detail"] as const,
  detail: (id: string) => ["chat", "detail", id] as const,
};

export const useConversations = (query: string) =>
  useQuery({ queryKey: chatKeys.list(query), queryFn: () => unwrap(api.chat.list(query ? { query } : {})) });

export const useConversation = (id: string | null) =>
  useQuery({
    queryKey: chatKeys.detail(id ?? ""),
    queryFn: id === null ? skipToken : () => unwrap(api.chat.get({ conversationId: id })),
  });

/** After anything changes a conversation: its detail and every list. */
export function useInvalidateChat() {
  const queryClient = useQueryClient();
  return (conversationId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
      conversationId ? queryClient.invalidateQueries({ queryKey: chatKeys.detail(conversationId) }) : Promise.resolve(),
    ]);
}

/** Saves a conversation's settings, then shows them everywhere the conversation appears. */
export function useSaveSettings(conversationId: string) {
  const invalidate = useInvalidateChat();
  return useMutation({
    mutationFn: (settings: ChatSettings) => unwrap(api.chat.updateSettings({ conversationId, settings })),
    onSuccess: () => invalidate(conversationId),
  });
}
