import { keepPreviousData, skipToken, useQueries, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { LedgerFilter, SpendRow } from "../../../shared/ipc/ledger.ts";
import type { CostEstimateRequest } from "../../../shared/ipc/prices.ts";
import { unwrap } from "./api-error.ts";
import { api } from "./desktop-api.ts";
import { queryKeys, useProfiles } from "./queries.ts";

const spendQuery = (profileId: string, days: number, until: string) => ({
  queryKey: queryKeys.spend(profileId, days, until),
  queryFn: () => unwrap(api.budget.spend({ profileId, days, until })),
  placeholderData: keepPreviousData,
});

/**
 * Spend per day, model and kind over `days` days ending with `until` (`YYYY-MM-DD`); refreshed
 * with the balance (see `useBudget`).
 */
export const useSpend = (profileId: string, days: number, until: string) =>
  useQuery(spendQuery(profileId, days, until));

/**
 * The same spend of every profile, each row with its profile's id, and the profiles' names: one
 * query per profile, shared with that profile's own charts.
 */
export function useAllProfilesSpend(days: number, until: string) {
  const { data } = useProfiles();
  const profiles = data?.profiles;
  const combine = useCallback(
    (results: readonly { data?: readonly SpendRow[] | undefined }[]) =>
      results.flatMap((result, index) => {
        const profileId = profiles?.[index]?.id ?? "";
        return (result.data ?? []).map((row) => ({ ...row, profileId }));
      }),
    [profiles],
  );
  const rows = useQueries({
    queries: (profiles ?? []).map((profile) => spendQuery(profile.id, days, until)),
    combine,
  });
  const names = useMemo(() => new Map((profiles ?? []).map((profile) => [profile.id, profile.name])), [profiles]);
  return { rows, names };
}

/** Every balance reading of the last `days`. */
export const useBalanceHistory = (profileId: string | null, days: number) =>
  useQuery({
    queryKey: queryKeys.budgetHistory(profileId ?? "", days),
    queryFn: profileId === null ? skipToken : () => unwrap(api.budget.history({ profileId, days })),
    // Thousands of readings: comparing them to the last answer costs more than redrawing.
    structuralSharing: false,
  });

/** Rows per request to main: many screenfuls, well under the contract's maximum. */
export const REQUESTS_PAGE = 200;

/** One page of the ledger rows matching a filter, newest first. */
export const requestsPage = (profileId: string, filter: LedgerFilter, page: number) => ({
  queryKey: queryKeys.requests(profileId, filter, page),
  queryFn: () =>
    unwrap(api.budget.requests({ ...filter, profileId, offset: page * REQUESTS_PAGE, limit: REQUESTS_PAGE })),
});

/** What a job would cost; null `request` (an incomplete form) asks nothing. */
export const useCostEstimate = (profileId: string | null, request: CostEstimateRequest | null) =>
  useQuery({
    queryKey: queryKeys.estimate(profileId ?? "", request ?? { kind: "image", model: "" }),
    queryFn:
      profileId !== null && request !== null ? () => unwrap(api.budget.estimate({ ...request, profileId })) : skipToken,
    placeholderData: keepPreviousData,
  });

/** The ledger rows that match a filter, as a CSV file; the caller saves it. */
/** A key's headroom this minute and what the app holds back for it, read again every `everyMs`. */
export const useRateHeadroom = (profileId: string, everyMs: number) =>
  useQuery({
    queryKey: queryKeys.headroom(profileId),
    queryFn: () => unwrap(api.budget.headroom({ profileId })),
    refetchInterval: everyMs,
    refetchIntervalInBackground: false,
  });
