import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatSettings } from "../../../../shared/ipc/chat.ts";
import { api } from "../../api/desktop-api.ts";
import { unwrap } from "../../api/api-error.ts";

export const chatKeys = {
  /** The conversation list and every search of it. */
  lists: ["chat", "list"] as const,
  list: ["chat", "list", "all"] as const,
  search: (query: string) => ["chat", "list", "search", query] as const,
  /** Every open conversation, e.g. when costs arrive. */
  details: ["chat", "detail"] as const,
  detail: (id: string) => ["chat", "detail", id] as const,
  /** A conversation's tools, which "Always allow this tool" changes too. */
  tools: (id: string) => ["chat", "tools", id] as const,
};

export const useConversations = () => useQuery({ queryKey: chatKeys.list, queryFn: () => unwrap(api.chat.list()) });

/** A search's results; the previous search's stay shown until the next one's arrive. */
export const useConversationSearch = (query: string) =>
  useQuery({
    queryKey: chatKeys.search(query),
    queryFn: query ? () => unwrap(api.chat.search({ query })) : skipToken,
    placeholderData: keepPreviousData,
  });

export const useConversation = (id: string | null) =>
  useQuery({
    queryKey: chatKeys.detail(id ?? ""),
    queryFn: id === null ? skipToken : () => unwrap(api.chat.get({ conversationId: id })),
  });

/** The tools a conversation offers its model, and its turn's cost cap. */
export const useConversationTools = (conversationId: string) =>
  useQuery({
    queryKey: chatKeys.tools(conversationId),
    queryFn: () => unwrap(api.chat.tools({ conversationId })),
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
