import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "./desktop-api.ts";
import { queryKeys } from "./queries.ts";
import { handleStreamEvent } from "../panes/chat/chat-stream-events.ts";

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
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [queryClient]);
}
