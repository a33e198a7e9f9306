import type { CostEstimateRequest } from "../../../../shared/ipc/prices.ts";
import { useCostEstimate } from "../../api/budget-queries.ts";
import { useActiveProfile, useLatestBudget } from "../../api/queries.ts";
import { budgetCover, type Cover } from "./budget-cover.ts";

/** What a form's job would cost and whether what is left covers it. */
export interface SpendCheck {
  /** Null: the form is incomplete, so nothing is estimated. */
  readonly asked: boolean;
  readonly pending: boolean;
  /** The least the job can cost; null when the model's price is not known yet. */
  readonly amount: number | null;
  /** The most it can cost (a reply writing all of its max tokens); the same as `amount` for media. */
  readonly high: number | null;
  readonly cover: Cover;
  /** What is left of each limit, for the warning. */
  readonly left: { readonly daily: number | null; readonly monthly: number | null; readonly balance: number | null };
}

/** Prices the job before it is submitted, against the budget snapshot of `profileId` (else the active profile). */
export function useSpendCheck(request: CostEstimateRequest | null, profileId: string | null = null): SpendCheck {
  const active = useActiveProfile();
  const payer = profileId ?? active?.id ?? null;
  const { data: snapshot } = useLatestBudget(payer);
  const estimate = useCostEstimate(payer, request);
  const amount = request ? (estimate.data?.amount ?? null) : null;
  const high = request ? (estimate.data?.high ?? amount) : null;
  const balance = snapshot?.balance;
  return {
    asked: request !== null,
    pending: request !== null && estimate.isPending,
    amount,
    high,
    cover: budgetCover(amount, high, balance),
    left: {
      daily: balance?.api_key.daily_remaining ?? null,
      monthly: balance?.api_key.monthly_remaining ?? null,
      balance: balance?.balance ?? null,
    },
  };
}
