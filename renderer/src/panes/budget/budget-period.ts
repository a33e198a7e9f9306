import { localDayKey } from "./spend-series.ts";

/** The Budget pane's period: a preset, or a custom range of local days (`YYYY-MM-DD`). */
export const PERIOD_PRESETS = ["today", "7", "30", "90", "month", "custom"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface BudgetPeriod {
  readonly preset: PeriodPreset;
  readonly from: string;
  readonly to: string;
}

/** Whose spend the period's charts show: the active profile's, or every profile's side by side and summed. */
export const BUDGET_SCOPES = ["profile", "all"] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];

export const DEFAULT_PERIOD: BudgetPeriod = { preset: "7", from: "", to: "" };

/** The longest range the pane charts: a year, as the ledger keeps at most that much by default. */
const MAX_DAYS = 366;

const dayOf = (key: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
};

const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** Whole local days from `first` to `last`, both counted (a day of 23 or 25 hours is still one). */
const daysBetween = (first: Date, last: Date) => Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1;

/** The local days a period covers: its first and last (`YYYY-MM-DD`) and how many. */
export interface PeriodDays {
  readonly first: string;
  readonly last: string;
  readonly days: number;
}

/**
 * The days of a period ending today, or of a custom range (its two dates in either order, at most
 * a year, ending its last day); a custom range not yet given both dates is the last 7 days.
 */
export function periodDays(period: BudgetPeriod, now: Date): PeriodDays {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const ending = (first: Date, last = today): PeriodDays => {
    const start = daysBetween(first, last) > MAX_DAYS ? addDays(last, 1 - MAX_DAYS) : first;
    return { first: localDayKey(start), last: localDayKey(last), days: daysBetween(start, last) };
  };
  switch (period.preset) {
    case "today":
      return ending(today);
    case "month":
      return ending(new Date(today.getFullYear(), today.getMonth(), 1));
    case "custom": {
      const [from, to] = [dayOf(period.from), dayOf(period.to)];
      if (!from || !to) return ending(addDays(today, -6));
      return from <= to ? ending(from, to) : ending(to, from);
    }
    default:
      return ending(addDays(today, 1 - Number(period.preset)));
  }
}
