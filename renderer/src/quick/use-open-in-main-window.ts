import { useMutation } from "@tanstack/react-query";
import type { AppInfo } from "../../../shared/ipc/app-info.ts";
import { unwrap } from "../api/api-error.ts";
import { api } from "../api/desktop-api.ts";
import { CONVERSATION_PARAM } from "../state/target-from-address.ts";

/**
 * Open in ModelDesk: main brings the main window forward on the conversation. In the web host the
 * quick view is a browser tab, so that tab becomes the main view, opened on the conversation.
 */
export function useOpenInMainWindow(host: AppInfo["host"] | undefined) {
  return useMutation({
    mutationFn: async (conversationId: string) => {
      await unwrap(api.app.openConversation({ conversationId }));
      if (host === "web") window.location.assign(`/?${CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}`);
    },
  });
}
