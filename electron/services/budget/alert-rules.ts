import type { Balance } from "../../../shared/gateway-api/balance.ts";
import type { AlertMetric, AlertSettings } from "../../../shared/ipc/budget-alerts.ts";

/**
 * A threshold a reading has reached. `period` names the budget period it belongs to (the
 * period's reset time), so each threshold fires once per period; the balance floor has one
 * period until the balance rises above it again.
 */
interface Crossing {
  readonly metric: AlertMetric;
  readonly threshold: number;
  readonly period: string;
  readonly value: number;
  readonly limit: number | null;
}

export const BALANCE_PERIOD = "until-topped-up";

function budgetCrossings(
  metric: "daily" | "monthly",
  percents: readonly number[],
  budget: number | null,
  used: number | null,
  resetAt: string | null,
): Crossing[] {
  if (budget === null || used === null || budget <= 0) return [];
  const usedPercent = (used / budget) * 100;
  return percents
    .filter((percent) => usedPercent >= percent)
    .map((percent) => ({ metric, threshold: percent, period: resetAt ?? "unknown", value: used, limit: budget }));
}

/** Every threshold the reading is at or past, whether or not it has fired before. */
export function crossingsOf(settings: AlertSettings, reading: Balance): Crossing[] {
  const key = reading.api_key;
  const crossings = [
    ...budgetCrossings("daily", settings.dailyPercents, key.daily_budget, key.daily_used, key.daily_reset_at),
    ...budgetCrossings("monthly", settings.monthlyPercents, key.monthly_budget, key.monthly_used, key.monthly_reset_at),
  ];
  if (settings.balanceBelow !== null && reading.balance < settings.balanceBelow) {
    crossings.push({
      metric: "balance",
      threshold: settings.balanceBelow,
      period: BALANCE_PERIOD,
      value: reading.balance,
      limit: null,
    });
  }
  return crossings;
}
