import type { Balance } from "../../shared/gateway-api/balance.ts";

export interface ReadingOptions {
  readonly balance?: number;
  readonly dailyBudget?: number | null;
  readonly dailyUsed?: number;
  readonly dailyReset?: string | null;
  readonly monthlyBudget?: number | null;
  readonly monthlyUsed?: number;
  readonly monthlyReset?: string | null;
}

const remainingOf = (budget: number | null, used: number) => (budget === null ? null : budget - used);

/** A balance answer as the spec shapes it; a budget set to null reads as "no budget" (its figures null). */
export function balanceReading(options: ReadingOptions = {}): Balance {
  const dailyBudget = options.dailyBudget === undefined ? 10 : options.dailyBudget;
  const monthlyBudget = options.monthlyBudget === undefined ? 100 : options.monthlyBudget;
  const dailyUsed = options.dailyUsed ?? 0;
  const monthlyUsed = options.monthlyUsed ?? dailyUsed;
  return {
    object: "balance",
    currency: "CNY",
    balance: options.balance ?? 100,
    api_key: {
      id: "k",
      name: "Key",
      daily_budget: dailyBudget,
      daily_used: dailyBudget === null ? null : dailyUsed,
      daily_remaining: remainingOf(dailyBudget, dailyUsed),
      daily_reset_at: options.dailyReset === undefined ? "2026-11-24T00:00:00+08:00" : options.dailyReset,
      monthly_budget: monthlyBudget,
      monthly_used: monthlyBudget === null ? null : monthlyUsed,
      monthly_remaining: remainingOf(monthlyBudget, monthlyUsed),
      monthly_reset_at: options.monthlyReset === undefined ? "2026-12-01T00:00:00+08:00" : options.monthlyReset,
    },
  };
}
