import type { BudgetAlert } from "../../../shared/ipc/budget-alerts.ts";

const yuan = (amount: number) => `¥${amount.toFixed(2)}`;

/** What a desktop notification says about a fired budget alert. */
export function alertText(alert: BudgetAlert): string {
  if (alert.metric === "balance") return `The balance is ${yuan(alert.value)}, below ${yuan(alert.threshold)}.`;
  const period = alert.metric === "daily" ? "Today's" : "This month's";
  const of = alert.limit === null ? "" : ` (${yuan(alert.value)} of ${yuan(alert.limit)})`;
  return `${period} budget has reached ${alert.threshold} %${of}.`;
}
