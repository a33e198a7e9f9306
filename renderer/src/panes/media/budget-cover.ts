import type { Balance } from "../../../../shared/gateway-api/balance.ts";

/** What cannot pay: today's budget, the month's or the balance. */
type Shortfall = "daily" | "monthly" | "balance";

export type Cover =
  | { readonly state: "covered" }
  /** What is left falls inside the estimate's range: it may fit, after the user confirms. */
  | { readonly state: "short"; readonly by: readonly Shortfall[] }
  /** Even the least the job can cost is more than is left: the gateway would refuse it. */
  | { readonly state: "over"; readonly by: readonly Shortfall[] }
  /** Nothing is left: the gateway would refuse the request. */
  | { readonly state: "exhausted"; readonly by: readonly Shortfall[] };

/**
 * Whether what is left covers an estimate, from `low` (the least the job can cost) to `high` (the
 * most: a reply writing all of its max tokens). An unknown estimate (null) is only stopped by an
 * exhausted budget or balance; an unset budget (null remaining) never stops anything.
 */
export function budgetCover(low: number | null, high: number | null, balance: Balance | undefined): Cover {
  if (!balance) return { state: "covered" };
  const left: [Shortfall, number | null][] = [
    ["daily", balance.api_key.daily_remaining],
    ["monthly", balance.api_key.monthly_remaining],
    ["balance", balance.balance],
  ];
  const exhausted = left.filter(([, amount]) => amount !== null && amount <= 0).map(([name]) => name);
  if (exhausted.length > 0) return { state: "exhausted", by: exhausted };
  if (low === null) return { state: "covered" };
  const over = left.filter(([, amount]) => amount !== null && low > amount).map(([name]) => name);
  if (over.length > 0) return { state: "over", by: over };
  const most = Math.max(low, high ?? low);
  const short = left.filter(([, amount]) => amount !== null && most > amount).map(([name]) => name);
  return short.length > 0 ? { state: "short", by: short } : { state: "covered" };
}
