import type { Balance } from "../../../../shared/gateway-api/balance.ts";

/** What cannot pay: today's budget, the month's or the balance. */
export type Shortfall = "daily" | "monthly" | "balance";

export type Cover =
  | { readonly state: "covered" }
  /** The estimate is more than what is left: allowed after the user confirms. */
  | { readonly state: "short"; readonly by: readonly Shortfall[] }
  /** Nothing is left: the gateway would refuse the request. */
  | { readonly state: "exhausted"; readonly by: readonly Shortfall[] };

/**
 * Whether what is left covers an estimate. An unknown estimate (null) is only stopped by an
 * exhausted budget or balance; an unset budget (null remaining) never stops anything.
 */
export function budgetCover(estimate: number | null, balance: Balance | undefined): Cover {
  if (!balance) return { state: "covered" };
  const left: [Shortfall, number | null][] = [
    ["daily", balance.api_key.daily_remaining],
    ["monthly", balance.api_key.monthly_remaining],
    ["balance", balance.balance],
  ];
  const exhausted = left.filter(([, amount]) => amount !== null && amount <= 0).map(([name]) => name);
  if (exhausted.length > 0) return { state: "exhausted", by: exhausted };
  if (estimate === null) return { state: "covered" };
  const short = left.filter(([, amount]) => amount !== null && estimate > amount).map(([name]) => name);
  return short.length > 0 ? { state: "short", by: short } : { state: "covered" };
}
