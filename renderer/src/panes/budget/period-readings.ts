import type { BalanceSample } from "../../../../shared/ipc/budget.ts";
import type { Reading } from "./projection.ts";

/** When a day or month that resets at `resetAt` began: a day before, or the same moment a month before. */
export function periodStart(period: "day" | "month", resetAt: number): number {
  const start = new Date(resetAt);
  if (period === "day") start.setDate(start.getDate() - 1);
  else start.setMonth(start.getMonth() - 1);
  return start.getTime();
}

/** The used figure of a period from the balance readings, oldest first, with the latest known reading last. */
export function usedReadings(samples: readonly BalanceSample[], period: "day" | "month", latest: Reading): Reading[] {
  const readings: Reading[] = [];
  for (const sample of samples) {
    const value = period === "day" ? sample.dailyUsed : sample.monthlyUsed;
    const at = Date.parse(sample.at);
    if (value !== null && at < latest.at) readings.push({ at, value });
  }
  readings.sort((a, b) => a.at - b.at);
  readings.push(latest);
  return readings;
}

/** The balance readings, oldest first, with the latest known balance last. */
export function balanceReadings(samples: readonly BalanceSample[], latest: Reading): Reading[] {
  const readings = samples
    .map((sample) => ({ at: Date.parse(sample.at), value: sample.balance }))
    .filter((reading) => reading.at < latest.at)
    .sort((a, b) => a.at - b.at);
  readings.push(latest);
  return readings;
}
