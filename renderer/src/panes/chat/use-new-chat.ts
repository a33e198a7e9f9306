import { useIsMutating, useMutation, useMutationState } from "@tanstack/react-query";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import type { ActionAttempt } from "../../components/ActionError.tsx";
import { useActiveProfileId } from "../../api/queries.ts";
import { useUiStore } from "../../state/ui-store.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { createConversation } from "./create-conversation.ts";
import { firstMessageModelOf, useChatStore } from "./chat-store.ts";
import { useCompareStore } from "./compare-store.ts";

/** Both ways to start a conversation share this key, so Chat tells the failure of either. */
const NEW_CHAT = ["chat", "create"] as const;
const NOT_STARTED: ActionAttempt = { error: null, submittedAt: 0 };

/** Opens the conversation just started (or reused) in Chat, with the focus in its message box. */
function useShowStarted() {
  const invalidate = useInvalidateChat();
  return {
    onSuccess: async (conversation: ConversationSummary) => {
      // A reused conversation may have new settings: its detail is read again too.
      await invalidate(conversation.id);
      const chat = useChatStore.getState();
      chat.conversationOpened(conversation.id);
      useUiStore.getState().paneSelected("chat");
      chat.composerFocusRequested();
    },
    // Ctrl/Cmd+N works in every pane: its failure is told in Chat, where the new conversation would be.
    onError: () => useUiStore.getState().paneSelected("chat"),
  };
}

/** Starts a conversation and shows it, from anywhere in the app. */
export function useNewChat() {
  const profileId = useActiveProfileId();
  return useMutation({
    mutationKey: NEW_CHAT,
    // Opened in place of the first message's box, the conversation takes the model chosen there: as
    // it is when main answers, or as it was at the click if a conversation was opened meanwhile.
    mutationFn: () => {
      const chosen = () => {
        const state = useChatStore.getState();
        return state.activeConversationId === null ? firstMessageModelOf(state, profileId) : null;
      };
      const atClick = chosen();
      return createConversation(() => chosen() ?? atClick);
    },
    ...useShowStarted(),
  });
}

/** Whether a conversation is being started (New chat, the shortcut or an assistant). */
export const useNewChatPending = () => useIsMutating({ mutationKey: NEW_CHAT }) > 0;

/** Starts a conversation with an assistant and shows it; with a model set, in Compare with the set's models. */
export function useNewChatWithAssistant() {
  return useMutation({
    mutationKey: [...NEW_CHAT, "assistant"],
    mutationFn: async (assistantId: string) => {
      const { conversation, compareModels } = await unwrap(api.chat.newWithAssistant({ assistantId }));
      const compare = useCompareStore.getState();
      if (compareModels) compare.compareTurnedOn(conversation.id, compareModels);
      else compare.compareTurnedOff(conversation.id);
      return conversation;
    },
    ...useShowStarted(),
  });
}

/** The latest new chat, started by a button, the shortcut or an assistant. */
export function useLatestNewChat(): ActionAttempt {
  const attempts = useMutationState({ filters: { mutationKey: NEW_CHAT }, select: (mutation) => mutation.state });
  return attempts.at(-1) ?? NOT_STARTED;
}
