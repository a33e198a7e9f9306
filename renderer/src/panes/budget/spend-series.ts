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

/** How the charts group spend: by model, by kind, or (across every profile) by profile. */
export type SpendGrouping = "model" | "kind" | "profile";

/** A day's spend of one model and kind; `profileId` says whose where the rows are of several profiles. */
export interface ScopedSpendRow extends SpendRow {
  readonly profileId?: string;
}

/** Other spend stays with its profile when grouping by profile: it is spend on that profile's key. */
const groupOf = (row: ScopedSpendRow, groupBy: SpendGrouping): string =>
  groupBy === "profile"
    ? (row.profileId ?? "")
    : row.outside
      ? OTHER_SPEND_GROUP
      : groupBy === "model"
        ? row.model
        : row.kind;

interface Range {
  readonly total: number;
  readonly low: number;
  readonly high: number;
  readonly estimated: boolean;
}

const sumOf = <Item>(items: readonly Item[], pick: (item: Item) => number) =>
  items.reduce((sum, item) => sum + pick(item), 0);

/** Rows as a part of some key's spend: each with its own range. */
const partOf = (rows: readonly ScopedSpendRow[]): Range => ({
  total: sumOf(rows, (row) => row.cost),
  low: sumOf(rows, (row) => row.low),
  high: sumOf(rows, (row) => row.high),
  estimated: rows.some((row) => row.estimated),
});

/**
 * What rows of one key add up to. With other spend in them, the total is what the key's own
 * counters moved: exact, though the app's calls of unknown price share their part of it with other spend.
 */
function keyRange(rows: readonly ScopedSpendRow[]): Range {
  const part = partOf(rows);
  return rows.some((row) => row.outside)
    ? { total: part.total, low: part.total, high: part.total, estimated: false }
    : part;
}

/** The sum of each key's range: each key is exact or not on its own. */
function rangeByKey(rows: readonly ScopedSpendRow[]): Range {
  const ranges = [...Map.groupBy(rows, (row) => row.profileId ?? "").values()].map(keyRange);
  return {
    total: sumOf(ranges, (range) => range.total),
    low: sumOf(ranges, (range) => range.low),
    high: sumOf(ranges, (range) => range.high),
    estimated: ranges.some((range) => range.estimated),
  };
}

/** Spend per day for the last `count` days, one series per group; days without spend are 0. */
export function spendByDay(
  rows: readonly ScopedSpendRow[],
  count: number,
  groupBy: SpendGrouping,
  now: Date,
): SpendByDay {
  const days = lastDays(count, now);
  const dayIndex = new Map(days.map((day, index) => [day.key, index]));
  const inRange = rows.filter((row) => dayIndex.has(row.day));
  const series = [...Map.groupBy(inRange, (row) => groupOf(row, groupBy)).entries()]
    .map(([label, groupRows]) => {
      const values = days.map(() => 0);
      for (const row of groupRows) {
        const index = dayIndex.get(row.day) ?? 0;
        values[index] = (values[index] ?? 0) + row.cost;
      }
      // A profile's spend is a whole key's; a model's or kind's is a part of some key's.
      const range = groupBy === "profile" ? keyRange(groupRows) : partOf(groupRows);
      return { label, values, ...range };
    })
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  return { days: days.map((day) => day.midnight.getTime() / 1000), series, ...rangeByKey(inRange) };
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
