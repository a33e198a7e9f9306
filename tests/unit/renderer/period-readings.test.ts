import { describe, expect, it } from "vitest";
import {
  balanceReadings,
  firstFrom,
  periodStart,
  timedSamples,
  usedReadings,
} from "../../../renderer/src/panes/budget/period-readings.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 8, minute)).toISOString();
const sample = (minute: number, balance: number, dailyUsed: number | null) => ({
  at: at(minute),
  balance,
  dailyUsed,
  monthlyUsed: dailyUsed === null ? null : dailyUsed + 10,
});

describe("period readings", () => {
  const samples = timedSamples([sample(30, 97, 3), sample(0, 100, 0), sample(10, 99, null), sample(20, 98, 2)]);

  it("parses times once and puts the readings in order", () => {
    expect(samples.map((item) => item.balance)).toEqual([100, 99, 98, 97]);
    expect(firstFrom(samples, Date.parse(at(15)))).toBe(2);
    expect(firstFrom(samples, Date.parse(at(0)))).toBe(0);
    expect(firstFrom(samples, Date.parse(at(59)))).toBe(4);
  });

  it("takes a period's used figures from a time on, skipping readings without one, and ends with the latest", () => {
    const latest = { at: Date.parse(at(25)), value: 2.5 };
    expect(usedReadings(samples, "day", Date.parse(at(5)), latest)).toEqual([
      { at: Date.parse(at(20)), value: 2 },
      latest,
    ]);
    expect(usedReadings(samples, "month", 0, latest).map((reading) => reading.value)).toEqual([10, 12, 2.5]);
  });

  it("reads the balance up to the latest reading", () => {
    const latest = { at: Date.parse(at(25)), value: 97.5 };
    expect(balanceReadings(samples, latest).map((reading) => reading.value)).toEqual([100, 99, 98, 97.5]);
  });

  it("starts a day a day before its reset and a month a month before", () => {
    const reset = new Date(2026, 11, 1).getTime();
    expect(periodStart("day", reset)).toBe(new Date(2026, 10, 30).getTime());
    expect(periodStart("month", reset)).toBe(new Date(2026, 10, 1).getTime());
  });
});
