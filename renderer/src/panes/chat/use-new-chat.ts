import { api } from "../../api/desktop-api.ts";
import { unwrap } from "../../api/api-error.ts";
import { useUiStore } from "../../state/ui-store.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { useChatStore } from "./chat-store.ts";

/** Starts a conversation and shows it, from anywhere in the app. */
export function useNewChat() {
  const invalidate = useInvalidateChat();
  return async () => {
    const conversation = await unwrap(api.chat.create());
    await invalidate();
    useChatStore.getState().conversationOpened(conversation.id);
    useUiStore.getState().paneSelected("chat");
  };
}
