import type { BalanceSample } from "../../../../shared/ipc/budget.ts";
import type { Reading } from "./projection.ts";

/** A balance reading with its time as a number, read once for every chart. */
export interface TimedSample {
  readonly at: number;
  readonly balance: number;
  readonly dailyUsed: number | null;
  readonly monthlyUsed: number | null;
}

/** The readings with parsed times, oldest first (sorted only if main sent them out of order). */
export function timedSamples(samples: readonly BalanceSample[]): TimedSample[] {
  const timed = samples.map((sample) => ({
    at: Date.parse(sample.at),
    balance: sample.balance,
    dailyUsed: sample.dailyUsed,
    monthlyUsed: sample.monthlyUsed,
  }));
  if (timed.some((sample, index) => index > 0 && sample.at < (timed[index - 1]?.at ?? 0)))
    timed.sort((a, b) => a.at - b.at);
  return timed;
}

/** The index of the first reading at or after `at`. */
export function firstFrom(samples: readonly TimedSample[], at: number): number {
  let low = 0;
  let high = samples.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((samples[middle]?.at ?? Infinity) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** When a day or month that resets at `resetAt` began: a day before, or the same moment a month before. */
export function periodStart(period: "day" | "month", resetAt: number): number {
  const start = new Date(resetAt);
  if (period === "day") start.setDate(start.getDate() - 1);
  else start.setMonth(start.getMonth() - 1);
  return start.getTime();
}

/** The used figure of a period from `since` on, oldest first, with the latest known reading last. */
export function usedReadings(
  samples: readonly TimedSample[],
  period: "day" | "month",
  since: number,
  latest: Reading,
): Reading[] {
  const readings: Reading[] = [];
  for (let index = firstFrom(samples, since); index < samples.length; index++) {
    const sample = samples[index];
    if (!sample || sample.at >= latest.at) break;
    const value = period === "day" ? sample.dailyUsed : sample.monthlyUsed;
    if (value !== null) readings.push({ at: sample.at, value });
  }
  readings.push(latest);
  return readings;
}

/** The balance readings, oldest first, with the latest known balance last. */
export function balanceReadings(samples: readonly TimedSample[], latest: Reading): Reading[] {
  const readings: Reading[] = [];
  for (const sample of samples) {
    if (sample.at >= latest.at) break;
    readings.push({ at: sample.at, value: sample.balance });
  }
  readings.push(latest);
  return readings;
}
