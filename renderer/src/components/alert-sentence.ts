import type { BudgetAlert } from "../../../shared/ipc/budget-alerts.ts";
import { formatMoney } from "./format.ts";

type Translate = (key: string, values: Record<string, string>) => string;

/** What a fired budget alert says, on the Budget pane and in its notification. */
export function alertSentence(alert: BudgetAlert, t: Translate): string {
  if (alert.metric === "balance") {
    return t("alerts.balanceBelow", { amount: formatMoney(alert.value), threshold: formatMoney(alert.threshold) });
  }
  return t(alert.metric === "daily" ? "alerts.dailyReached" : "alerts.monthlyReached", {
    percent: String(alert.threshold),
    used: formatMoney(alert.value),
    budget: alert.limit === null ? "—" : formatMoney(alert.limit),
  });
}
