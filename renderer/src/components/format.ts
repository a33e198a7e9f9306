import i18next from "i18next";
import { formatMoneyWith, moneyOptions } from "../../../shared/text/money.ts";

/** The locale of the app's language (not the system's), for numbers, money and dates. */
const appLocale = (): string => (i18next.language === "zh" ? "zh-CN" : "en-US");

// One formatter per locale and style, made once: a table or chart formats thousands of values.
const formatters = new Map<string, unknown>();

function cached<Formatter extends object>(
  name: string,
  kind: new (locale: string) => Formatter,
  make: (locale: string) => Formatter,
): Formatter {
  const key = `${appLocale()} ${name}`;
  const found = formatters.get(key);
  if (found instanceof kind) return found;
  const made = make(appLocale());
  formatters.set(key, made);
  return made;
}

const numberFormat = (name: string, options: Intl.NumberFormatOptions) =>
  cached(name, Intl.NumberFormat, (locale) => new Intl.NumberFormat(locale, options));

const dateFormat = (name: string, options: Intl.DateTimeFormatOptions) =>
  cached(name, Intl.DateTimeFormat, (locale) => new Intl.DateTimeFormat(locale, options));

/** Money in the app's locale, in tabular figures (see the CSS); see formatMoneyWith. */
export const formatMoney = (amount: number, currency = "CNY"): string =>
  formatMoneyWith((style) => numberFormat(`money-${style}`, moneyOptions(style)), amount, currency);

export const formatCount = (count: number): string => numberFormat("count", {}).format(count);

type When = string | number | Date;

/** 14:05:09 / 2:05:09 PM */
export const formatTime = (at: When): string => dateFormat("time", { timeStyle: "medium" }).format(new Date(at));
/** 14:05 / 2:05 PM */
export const formatClock = (at: When): string =>
  dateFormat("clock", { hour: "2-digit", minute: "2-digit" }).format(new Date(at));
/** 11月23日 / Nov 23 */
export const formatDay = (at: When): string =>
  dateFormat("day", { day: "numeric", month: "short" }).format(new Date(at));
/** 2026/11/23 / 11/23/2026 */
export const formatDate = (at: When): string => dateFormat("date", { dateStyle: "short" }).format(new Date(at));
/** Nov 23, 02:05 PM: a moment in a chart's legend. */
export const formatMoment = (at: When): string =>
  dateFormat("moment", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(at));
/** Nov 23, 02:05:09 PM: a row of the Requests ledger. */
export const formatStamp = (at: When): string =>
  dateFormat("stamp", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(
    new Date(at),
  );
/** A date with its time. */
export const formatDateTime = (at: When): string =>
  dateFormat("datetime", { dateStyle: "short", timeStyle: "medium" }).format(new Date(at));

const unitFormat = (unit: string, display: "narrow" | "short", digits: number) =>
  numberFormat(`${unit}-${display}-${digits}`, {
    style: "unit",
    unit,
    unitDisplay: display,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

/** 1.25 sec / 1.25秒 */
export const formatSeconds = (seconds: number, digits = 0): string =>
  unitFormat("second", "short", digits).format(seconds);

/** 340 ms / 340毫秒 */
export const formatMilliseconds = (ms: number): string => unitFormat("millisecond", "short", 0).format(ms);

/** `1d 02:03:04` / `1天 02:03:04`, for countdowns. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
  return days > 0 ? `${unitFormat("day", "narrow", 0).format(days)} ${clock}` : clock;
}
