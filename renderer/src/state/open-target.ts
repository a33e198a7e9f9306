import type { OpenPane } from "../../../shared/ipc/app-info.ts";
import { useChatStore } from "../panes/chat/chat-store.ts";
import { useUiStore } from "./ui-store.ts";

/** Shows what main asked for (the tray, the menu, a notification, quick chat): the pane, and the conversation or task in it. */
export function openTarget({ pane, conversationId, taskId }: OpenPane): void {
  if (conversationId) useChatStore.getState().conversationOpened(conversationId);
  if (taskId) useUiStore.getState().taskHighlighted(taskId);
  useUiStore.getState().paneSelected(pane);
}
