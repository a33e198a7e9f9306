import type { TFunction } from "i18next";
import type { BalanceProjection, BudgetProjection } from "./projection.ts";
import { DAY, HOUR } from "./projection.ts";
import { formatClock, formatDay } from "../../components/format.ts";

/** "At this rate today's budget runs out at 16:40" and the other outcomes, for the day or the month. */
export function budgetSentence(t: TFunction, period: "day" | "month", projection: BudgetProjection): string {
  const prefix = `projection.${period}`;
  switch (projection.state) {
    case "runsOut":
      return t(`${prefix}.runsOut`, { time: formatClock(projection.at), day: formatDay(projection.at) });
    case "outlasts":
      return t(`${prefix}.outlasts`, { time: formatClock(projection.resetAt), day: formatDay(projection.resetAt) });
    case "exhausted":
      return t(`${prefix}.exhausted`);
    case "idle":
      return t(`${prefix}.idle`);
    case "thin":
      return t("projection.thin");
  }
}

/** "At this rate the balance lasts about 12 days" and the other outcomes. */
export function balanceSentence(t: TFunction, projection: BalanceProjection): string {
  switch (projection.state) {
    case "lasts":
      return projection.days >= 2
        ? t("projection.balance.days", { count: Math.round(projection.days) })
        : t("projection.balance.hours", { count: Math.max(1, Math.round((projection.days * DAY) / HOUR)) });
    case "beyondHorizon":
      return t("projection.balance.beyond");
    case "exhausted":
      return t("projection.balance.exhausted");
    case "idle":
      return t("projection.balance.idle");
    case "thin":
      return t("projection.thin");
  }
}
