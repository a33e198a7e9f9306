import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "./desktop-api.ts";
import { queryKeys } from "./queries.ts";
import { taskKeys } from "./task-queries.ts";
import { handleStreamEvent } from "../panes/chat/chat-stream-events.ts";
import { notifyTaskEnded } from "./task-notifications.ts";
import { showTaskChange } from "./task-list-update.ts";
import { showGalleryChange } from "./gallery-queries.ts";
import { alertKeys } from "./alert-queries.ts";
import { notifyBudgetAlert } from "./budget-notifications.ts";
import { openTarget } from "../state/open-target.ts";
import { chatKeys } from "../panes/chat/chat-queries.ts";
import { useAlertToastStore } from "../state/alert-toast-store.ts";
import { dataUpkeepKey } from "./data-upkeep-query.ts";

/** The one place main-pushed events update the query cache. */
export function useMainEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribers = [
      api.profiles.onChanged((state) => {
        queryClient.setQueryData(queryKeys.profiles, state);
        void queryClient.invalidateQueries({ queryKey: queryKeys.budgets });
      }),
      api.streams.onEvent((event) => handleStreamEvent(event, queryClient)),
      api.tasks.onChanged((task) => {
        showTaskChange(queryClient, task);
        // A failed or cancelled task is refunded: the budget shown is stale at once.
        if (task.status === "failed" || task.status === "cancelled")
          for (const queryKey of [queryKeys.budgets, alertKeys.fired]) void queryClient.invalidateQueries({ queryKey });
        notifyTaskEnded(task);
      }),
      api.capabilities.onChanged((capabilities) =>
        queryClient.setQueryData(queryKeys.capabilities(capabilities.profileId), capabilities),
      ),
      // A balance reading settled costs: replies, tasks and the ledger show them now, not at the next
      // reading; and a refund in it may end an alert.
      api.budget.onCostsChanged(({ profileId }) => {
        for (const queryKey of [
          chatKeys.details,
          chatKeys.lists,
          taskKeys.taskLists,
          queryKeys.ledger(profileId),
          alertKeys.fired,
        ])
          void queryClient.invalidateQueries({ queryKey });
      }),
      api.budget.onAlert((alert) => {
        void queryClient.invalidateQueries({ queryKey: alertKeys.fired });
        notifyBudgetAlert(alert);
        useAlertToastStore.getState().alertFired(alert);
      }),
      api.app.onOpenPane(openTarget),
      api.app.onDataUpkeep((state) => queryClient.setQueryData(dataUpkeepKey, state)),
      api.gallery.onChanged((change) => {
        showGalleryChange(queryClient, change);
        // A finished task's results: what it cost is settled.
        if (change.added.length > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.budgets });
      }),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [queryClient]);
}
