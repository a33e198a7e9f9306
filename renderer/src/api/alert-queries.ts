import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertSettings } from "../../../shared/ipc/budget-alerts.ts";
import { unwrap } from "./api-error.ts";
import { api } from "./desktop-api.ts";
import { askForNotifications } from "./task-notifications.ts";

export const alertKeys = {
  /** Fired alerts of every profile: each balance reading may fire new ones. */
  fired: ["budget-alerts"] as const,
  firedOf: (profileId: string | null) => ["budget-alerts", profileId] as const,
  settingsOf: (profileId: string) => ["budget-alert-settings", profileId] as const,
};

/** The alerts fired in the current day, month and balance period of a profile. */
export const useBudgetAlerts = (profileId: string | null) =>
  useQuery({
    queryKey: alertKeys.firedOf(profileId),
    queryFn: () => unwrap(api.budget.alerts(profileId ? { profileId } : {})),
    enabled: profileId !== null,
    // A new day or month leaves last period's alerts behind; new ones arrive as events.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    retry: false,
  });

export const useAlertSettings = (profileId: string) =>
  useQuery({
    queryKey: alertKeys.settingsOf(profileId),
    queryFn: () => unwrap(api.budget.alertSettings({ profileId })),
  });

export function useSaveAlertSettings(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettings) => {
      askForNotifications();
      return unwrap(api.budget.setAlertSettings({ profileId, settings }));
    },
    onSuccess: (settings) => queryClient.setQueryData(alertKeys.settingsOf(profileId), settings),
  });
}
