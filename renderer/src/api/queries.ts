import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./desktop-api.ts";
import { unwrap } from "./api-error.ts";
import { chatKeys } from "../panes/chat/chat-queries.ts";
import { taskKeys } from "./task-queries.ts";
import type { LedgerFilter } from "../../../shared/ipc/ledger.ts";
import type { CostEstimateRequest } from "../../../shared/ipc/prices.ts";

/** Query keys, one factory for the whole app. */
export const queryKeys = {
  appInfo: ["app-info"] as const,
  profiles: ["profiles"] as const,
  /** Every profile's balance: anything that costs or refunds money makes them stale. */
  budgets: ["budget"] as const,
  budget: (profileId: string | null) => ["budget", profileId] as const,
  /** Every span of a profile's balance readings. */
  budgetHistories: (profileId: string) => ["budget-history", profileId] as const,
  budgetHistory: (profileId: string, days: number) => ["budget-history", profileId, days] as const,
  /** What a profile's ledger answers (spend, requests, estimates): stale whenever its balance moves. */
  ledger: (profileId: string) => ["ledger", profileId] as const,
  spend: (profileId: string, days: number, until: string) => ["ledger", profileId, "spend", days, until] as const,
  requests: (profileId: string, filter: LedgerFilter, page: number) =>
    ["ledger", profileId, "requests", filter, page] as const,
  estimate: (profileId: string, request: CostEstimateRequest) => ["ledger", profileId, "estimate", request] as const,
  capabilities: (profileId: string | null) => ["capabilities", profileId] as const,
  headroom: (profileId: string) => ["rate-headroom", profileId] as const,
};

export const useAppInfo = () =>
  useQuery({ queryKey: queryKeys.appInfo, queryFn: () => unwrap(api.app.info()), staleTime: Infinity });

export const useProfiles = () => useQuery({ queryKey: queryKeys.profiles, queryFn: () => unwrap(api.profiles.list()) });

export function useActiveProfile() {
  const { data } = useProfiles();
  return data?.profiles.find((profile) => profile.id === data.activeId) ?? null;
}

/** The active profile's id; null until the profiles are known. */
export const useActiveProfileId = (): string | null => useActiveProfile()?.id ?? null;

const MINUTE = 60_000;

/** The reading of a profile's balance and budgets; each reading refreshes what depends on it. */
function budgetQuery(queryClient: QueryClient, profileId: string | null) {
  return {
    queryKey: queryKeys.budget(profileId),
    queryFn: async () => {
      const snapshot = await unwrap(api.budget.get(profileId ? { profileId } : {}));
      // Every reading is a new sample of the balance history.
      void queryClient.invalidateQueries({ queryKey: queryKeys.budgetHistories(snapshot.profileId) });
      // A moved balance is new spend in the ledger, or a cost attributed to a request.
      void queryClient.invalidateQueries({ queryKey: queryKeys.ledger(snapshot.profileId) });
      // Replies and tasks show their costs, which the ledger may just have learned.
      for (const queryKey of [chatKeys.details, chatKeys.lists, taskKeys.taskLists])
        void queryClient.invalidateQueries({ queryKey });
      return snapshot;
    },
  };
}

/**
 * Balance and budgets of a profile: fetched on open, every minute while visible, and on demand;
 * never from a server known to have no balance endpoint (`offered: false`).
 */
export function useBudget(profileId: string | null, offered = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...budgetQuery(queryClient, profileId),
    enabled: profileId !== null && offered,
    refetchInterval: MINUTE,
    refetchIntervalInBackground: false,
    refetchOnMount: "always",
    retry: false,
  });
}

/**
 * The latest reading of a profile's budgets without asking the gateway for one: the status bar
 * keeps it fresh, so a form that checks a price against it costs no request.
 */
export function useLatestBudget(profileId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({ ...budgetQuery(queryClient, profileId), enabled: false, retry: false });
}
