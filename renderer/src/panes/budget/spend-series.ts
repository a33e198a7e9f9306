import type { SpendRow } from "../../../../shared/ipc/ledger.ts";

/** One group's spend per day, in the order of `days`. */
interface SpendSeries {
  readonly label: string;
  readonly values: readonly number[];
  readonly total: number;
  /** The range that holds the total, where some of it is estimated. */
  readonly low: number;
  readonly high: number;
  /** Some of it is estimated rather than priced or measured. */
  readonly estimated: boolean;
}

interface SpendByDay {
  /** Local midnights, in seconds (the chart's time unit), oldest first. */
  readonly days: readonly number[];
  /** Largest total first. */
  readonly series: readonly SpendSeries[];
  readonly total: number;
  readonly low: number;
  readonly high: number;
  readonly estimated: boolean;
}

/** The group of spend on the key that no call of this app explains, whatever the grouping. */
export const OTHER_SPEND_GROUP = "\u0000other-spend";

/** `YYYY-MM-DD` of a local date, the ledger's day key. */
export function localDayKey(date: Date): string {
  const pad = (part: number) => String(part).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The `count` local days ending with the day of `now`, each as its key and its midnight. */
export function lastDays(count: number, now: Date): { key: string; midnight: Date }[] {
  return Array.from({ length: count }, (_, index) => {
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (count - 1 - index));
    return { key: localDayKey(midnight), midnight };
  });
}

/** Spend per day for the last `count` days, one series per model or per kind; days without spend are 0. */
export function spendByDay(rows: readonly SpendRow[], count: number, groupBy: "model" | "kind", now: Date): SpendByDay {
  const days = lastDays(count, now);
  const dayIndex = new Map(days.map((day, index) => [day.key, index]));
  const groups = new Map<string, { values: number[]; low: number; high: number; estimated: boolean }>();
  for (const row of rows) {
    const index = dayIndex.get(row.day);
    if (index === undefined) continue;
    const label = row.outside ? OTHER_SPEND_GROUP : groupBy === "model" ? row.model : row.kind;
    const group = groups.get(label) ?? { values: days.map(() => 0), low: 0, high: 0, estimated: false };
    group.values[index] = (group.values[index] ?? 0) + row.cost;
    group.low += row.low;
    group.high += row.high;
    group.estimated ||= row.estimated;
    groups.set(label, group);
  }
  const midnights = days.map((day) => day.midnight.getTime() / 1000);
  const series = [...groups.entries()]
    .map(([label, group]) => ({ label, ...group, total: group.values.reduce((sum, value) => sum + value, 0) }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  const total = series.reduce((sum, item) => sum + item.total, 0);
  // With other spend in it, the total is what the key's own counters moved: exact, though the
  // app's calls of unknown price share their part of it with other spend.
  if (groups.has(OTHER_SPEND_GROUP))
    return { days: midnights, series, total, low: total, high: total, estimated: false };
  return {
    days: midnights,
    series,
    total,
    low: series.reduce((sum, item) => sum + item.low, 0),
    high: series.reduce((sum, item) => sum + item.high, 0),
    estimated: series.some((item) => item.estimated),
  };
}

/**
 * Running sums for a stacked chart: the first result is the whole stack (every series), the last the
 * bottom series alone. Drawn in that order, each bar covers the one before it up to its own top.
 */
export function stackedTops(series: readonly SpendSeries[]): number[][] {
  const tops: number[][] = [];
  let running: number[] | null = null;
  for (const item of [...series].reverse()) {
    const previous: number[] | null = running;
    running = item.values.map((value, index) => value + (previous?.[index] ?? 0));
    tops.unshift(running);
  }
  return tops;
}
