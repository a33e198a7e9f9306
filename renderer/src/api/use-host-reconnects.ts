import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useChatStore } from "../panes/chat/chat-store.ts";
import { useHostConnection } from "./host-connection.ts";

/**
 * When the bridge drops, replies still streaming here can no longer finish: they are marked
 * Interrupted at once. When it comes back, main's state is read again (it settled those replies).
 */
export function useHostReconnects(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useHostConnection.subscribe((state, previous) => {
        if (state.status === previous.status) return;
        if (state.status !== "connected") {
          useChatStore.getState().hostLost();
          return;
        }
        useChatStore.getState().interruptedRepliesDropped();
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );
}
