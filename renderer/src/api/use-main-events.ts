import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "./desktop-api.ts";
import { queryKeys } from "./queries.ts";

/** The one place main-pushed events update the query cache. */
export function useMainEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = api.profiles.onChanged((state) => {
      queryClient.setQueryData(queryKeys.profiles, state);
      void queryClient.invalidateQueries({ queryKey: ["budget"] });
    });
    return unsubscribe;
  }, [queryClient]);
}
