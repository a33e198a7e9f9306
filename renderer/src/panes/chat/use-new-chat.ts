import { useMutation, useMutationState } from "@tanstack/react-query";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import type { ActionAttempt } from "../../components/ActionError.tsx";
import { useUiStore } from "../../state/ui-store.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { useChatStore } from "./chat-store.ts";

const NEW_CHAT = ["chat", "create"] as const;
const NOT_STARTED: ActionAttempt = { error: null, submittedAt: 0 };

/** Starts a conversation and shows it, from anywhere in the app. */
export function useNewChat() {
  const invalidate = useInvalidateChat();
  return useMutation({
    mutationKey: NEW_CHAT,
    mutationFn: () => unwrap(api.chat.create()),
    onSuccess: async (conversation) => {
      await invalidate();
      const chat = useChatStore.getState();
      chat.firstDraftMovedTo(conversation.id);
      chat.conversationOpened(conversation.id);
      useUiStore.getState().paneSelected("chat");
      chat.composerFocusRequested();
    },
    // Ctrl/Cmd+N works in every pane: its failure is told in Chat, where the new conversation would be.
    onError: () => useUiStore.getState().paneSelected("chat"),
  });
}

/** The latest new chat, started by a button or by the shortcut. */
export function useLatestNewChat(): ActionAttempt {
  const attempts = useMutationState({ filters: { mutationKey: NEW_CHAT }, select: (mutation) => mutation.state });
  return attempts.at(-1) ?? NOT_STARTED;
}
