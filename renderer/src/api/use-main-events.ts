import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "./desktop-api.ts";
import { queryKeys } from "./queries.ts";
import { handleStreamEvent } from "../panes/chat/chat-stream-events.ts";
import { notifyTaskEnded } from "./task-notifications.ts";

/** The one place main-pushed events update the query cache. */
export function useMainEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribers = [
      api.profiles.onChanged((state) => {
        queryClient.setQueryData(queryKeys.profiles, state);
        void queryClient.invalidateQueries({ queryKey: ["budget"] });
      }),
      api.streams.onEvent((event) => handleStreamEvent(event, queryClient)),
      api.tasks.onChanged((task) => {
        void queryClient.invalidateQueries({ queryKey: ["tasks"] });
        // A failed or cancelled task is refunded: the budget shown is stale at once.
        if (task.status === "failed" || task.status === "cancelled")
          void queryClient.invalidateQueries({ queryKey: ["budget"] });
        notifyTaskEnded(task);
      }),
      api.capabilities.onChanged((capabilities) =>
        queryClient.setQueryData(queryKeys.capabilities(capabilities.profileId), capabilities),
      ),
      api.gallery.onChanged(({ kind }) => {
        void queryClient.invalidateQueries({ queryKey: ["gallery"], predicate: (query) => query.queryKey[2] === kind });
        void queryClient.invalidateQueries({ queryKey: ["budget"] });
      }),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [queryClient]);
}
