import type { TFunction } from "i18next";
import type { BalanceProjection, BudgetProjection } from "./projection.ts";
import { DAY, HOUR } from "./projection.ts";
import type { SpendRate } from "./spend-rate.ts";
import { formatClock, formatDay, formatMoney } from "../../components/format.ts";

/** "At this rate today's budget runs out between 16:40 and 17:10" and the other outcomes, for the day or the month. */
export function budgetSentence(t: TFunction, period: "day" | "month", projection: BudgetProjection): string {
  const prefix = `projection.${period}`;
  const when = (at: number) => ({ time: formatClock(at), day: formatDay(at) });
  switch (projection.state) {
    case "runsOut": {
      const { at, latest } = projection;
      if (latest === null) return t(`${prefix}.runsOutOrLasts`, when(at));
      const same = period === "day" ? formatClock(at) === formatClock(latest) : formatDay(at) === formatDay(latest);
      if (same) return t(`${prefix}.runsOut`, when(at));
      return t(`${prefix}.runsOutRange`, {
        ...when(at),
        latest: period === "day" ? formatClock(latest) : formatDay(latest),
      });
    }
    case "outlasts":
      return t(`${prefix}.outlasts`, when(projection.resetAt));
    case "exhausted":
      return t(`${prefix}.exhausted`);
    case "idle":
      return t(`${prefix}.idle`);
    case "early":
      return t(`${prefix}.early`);
    case "thin":
      return t("projection.thin");
  }
}

/** "Spending ¥0.20 – ¥0.35 an hour, net of refunds", per hour for today and per day for the month and the balance. */
export function rateSentence(t: TFunction, subject: "day" | "month" | "balance", rate: SpendRate | null): string {
  if (rate === null || rate.high <= 0) return "";
  const per = subject === "day" ? HOUR : DAY;
  const [low, high] = [formatMoney(rate.low * per), formatMoney(rate.high * per)];
  // Two windows that agree (or held the same readings) give one figure, not a range.
  if (low === high) return t(`projection.${subject}.rateOne`, { amount: low });
  return t(`projection.${subject}.rate`, { low, high });
}

/** "12 days" or "5 hours". */
function duration(t: TFunction, days: number): string {
  return days >= 2
    ? t("projection.balance.durationDays", { count: Math.round(days) })
    : t("projection.balance.durationHours", { count: Math.max(1, Math.round((days * DAY) / HOUR)) });
}

/** "At this rate the balance lasts about 3 to 5 days" and the other outcomes. */
export function balanceSentence(t: TFunction, projection: BalanceProjection): string {
  switch (projection.state) {
    case "lasts": {
      const { days, mostDays } = projection;
      if (!Number.isFinite(mostDays)) return t("projection.balance.rangeBeyond", { low: duration(t, days) });
      const low = duration(t, days);
      const high = duration(t, mostDays);
      if (low !== high) return t("projection.balance.range", { low, high });
      return days >= 2
        ? t("projection.balance.days", { count: Math.round(days) })
        : t("projection.balance.hours", { count: Math.max(1, Math.round((days * DAY) / HOUR)) });
    }
    case "beyondHorizon":
      return t("projection.balance.beyond");
    case "exhausted":
      return t("projection.balance.exhausted");
    case "idle":
      return t("projection.balance.idle");
    case "early":
      return t("projection.balance.early");
    case "thin":
      return t("projection.thin");
  }
}
