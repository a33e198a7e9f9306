import type { TimedSample } from "./period-readings.ts";
import type { Reading } from "./projection.ts";

/** Spend per millisecond, net of refunds, as a range: the slower and the faster of the windows looked at. */
export interface SpendRate {
  readonly low: number;
  readonly high: number;
}

/**
 * How fast `spent` (a running total of spend, which a refund lowers) grew over each window ending
 * at `now`, e.g. the last 15 minutes and the last hour; each window's rate is its net spend over
 * the time its readings cover. Two readings are enough. Null when no window holds two readings.
 */
export function spendRate(spent: readonly Reading[], now: number, windows: readonly number[]): SpendRate | null {
  const rates = windows.flatMap((window) => {
    const inside = spent.filter((reading) => reading.at >= now - window && reading.at <= now);
    const first = inside[0];
    const last = inside.at(-1);
    if (!first || !last || last.at <= first.at) return [];
    return [Math.max(0, last.value - first.value) / (now - first.at)];
  });
  if (rates.length === 0) return null;
  return { low: Math.min(...rates), high: Math.max(...rates) };
}

/** What a forecast waits for: readings over `span` ms, at least `spends` of which showed spend. */
export interface ForecastRule {
  readonly span: number;
  readonly spends: number;
}

/**
 * Whether `spent` (a running total, oldest first) is enough to forecast from: a few minutes or a
 * single call extrapolated over hours or a month says nothing. Each rise counts as one paid call
 * (calls between the same two readings count once).
 */
export function enoughToForecast(spent: readonly Reading[], now: number, rule: ForecastRule): boolean {
  const first = spent[0];
  if (!first || now - first.at < rule.span) return false;
  const spends = spent.filter((reading, index) => index > 0 && reading.value > (spent[index - 1]?.value ?? 0));
  return spends.length >= rule.spends;
}

/**
 * The balance's readings as a running total of what was spent: a fall is spend; a rise is a
 * refund when the key's own use fell with it (it is taken off), else a top-up (left out).
 */
export function balanceSpent(samples: readonly TimedSample[], latest: Reading): Reading[] {
  const readings: TimedSample[] = [
    ...samples.filter((sample) => sample.at < latest.at),
    { at: latest.at, balance: latest.value, dailyUsed: null, monthlyUsed: null },
  ];
  const spent: Reading[] = [];
  let total = 0;
  readings.forEach((sample, index) => {
    const previous = readings[index - 1];
    if (previous) {
      const fall = previous.balance - sample.balance;
      if (fall >= 0 || useFell(previous, sample)) total += fall;
    }
    spent.push({ at: sample.at, value: total });
  });
  return spent;
}

/** The key's use went down without a reset (a reset brings it to about nothing): a refund. */
function useFell(before: TimedSample, after: TimedSample): boolean {
  const was = before.monthlyUsed ?? before.dailyUsed;
  const is = after.monthlyUsed ?? after.dailyUsed;
  return was !== null && is !== null && is < was && is > 0;
}
