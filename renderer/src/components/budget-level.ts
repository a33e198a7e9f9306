import type { Balance } from "../../../shared/gateway-api/balance.ts";

type BudgetLevel = "ok" | "warning" | "exhausted";

const share = (used: number | null, budget: number | null) =>
  used === null || budget === null || budget <= 0 ? 0 : used / budget;

/** How the status bar looks: amber from 80 % of the daily or monthly budget, red once one is spent. */
export function budgetLevel(reading: Balance): BudgetLevel {
  const key = reading.api_key;
  const highest = Math.max(share(key.daily_used, key.daily_budget), share(key.monthly_used, key.monthly_budget));
  return highest >= 1 ? "exhausted" : highest >= 0.8 ? "warning" : "ok";
}
