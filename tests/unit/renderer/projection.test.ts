import { describe, expect, it } from "vitest";
import { DAY, HOUR, projectBalance, projectBudget } from "../../../renderer/src/panes/budget/projection.ts";
import { balanceSpent, enoughToForecast, spendRate } from "../../../renderer/src/panes/budget/spend-rate.ts";

const MINUTE = 60_000;
const NOW = Date.parse("2026-11-23T15:00:00+08:00");

describe("spend rate", () => {
  it("is a range: the net spend of the last 15 minutes and of the last hour, each over the time it covers", () => {
    const used = [
      { at: NOW - HOUR, value: 10 },
      { at: NOW - 15 * MINUTE, value: 11 },
      { at: NOW, value: 13 },
    ];
    const rate = spendRate(used, NOW, [15 * MINUTE, HOUR]);
    expect(rate?.low).toBeCloseTo(3 / HOUR);
    expect(rate?.high).toBeCloseTo(2 / (15 * MINUTE));
  });

  it("takes refunds off the spend", () => {
    const used = [
      { at: NOW - 10 * MINUTE, value: 1 },
      { at: NOW - 5 * MINUTE, value: 1.4 },
      { at: NOW - 2 * MINUTE, value: 1.2 },
      { at: NOW, value: 1.3 },
    ];
    const rate = spendRate(used, NOW, [15 * MINUTE]);
    expect(rate?.high).toBeCloseTo(0.3 / (10 * MINUTE));
  });

  it("needs only two readings, however close, and is unknown with fewer", () => {
    expect(spendRate([], NOW, [HOUR])).toBeNull();
    expect(spendRate([{ at: NOW, value: 3 }], NOW, [HOUR])).toBeNull();
    const two = [
      { at: NOW - 20 * MINUTE, value: 1 },
      { at: NOW, value: 2 },
    ];
    expect(spendRate(two, NOW, [15 * MINUTE, 7 * DAY])).toEqual({ low: 1 / (20 * MINUTE), high: 1 / (20 * MINUTE) });
  });

  it("reads the balance as spend: a fall spends, a refund (the key's use falls with it) is taken off, a top-up is left out", () => {
    const sample = (at: number, balance: number, monthlyUsed: number) => ({
      at,
      balance,
      dailyUsed: null,
      monthlyUsed,
    });
    const samples = [
      sample(NOW - 20 * MINUTE, 100, 5),
      sample(NOW - 15 * MINUTE, 99, 6),
      sample(NOW - 10 * MINUTE, 99.5, 5.5),
      sample(NOW - 5 * MINUTE, 149.5, 5.5),
    ];
    const spent = balanceSpent(samples, { at: NOW, value: 149 });
    expect(spent.map((reading) => reading.value)).toEqual([0, 1, 0.5, 0.5, 1]);
  });

  it("forecasts the balance from the first two readings that show spend (20 minutes, 56 readings)", () => {
    const samples = Array.from({ length: 56 }, (_, index) => ({
      at: NOW - 20 * MINUTE + index * 21_000,
      balance: 50 - index * 0.01,
      dailyUsed: index * 0.01,
      monthlyUsed: index * 0.01,
    }));
    const rate = spendRate(balanceSpent(samples, { at: NOW, value: 49.44 }), NOW, [15 * MINUTE, 7 * DAY]);
    const projection = projectBalance({ balance: 49.44, rate, now: NOW, lineSpan: HOUR });
    expect(projection.state).toBe("lasts");
  });
});

describe("when a forecast can be made", () => {
  const rule = { span: 30 * MINUTE, spends: 3 };
  const spent = (minutesAgo: readonly number[], values: readonly number[]) =>
    minutesAgo.map((ago, index) => ({ at: NOW - ago * MINUTE, value: values[index] ?? 0 }));

  it("waits for readings over the whole span, however much they show", () => {
    expect(enoughToForecast(spent([5, 4, 3, 2, 0], [0, 1, 2, 3, 4]), NOW, rule)).toBe(false);
    expect(enoughToForecast(spent([31, 20, 10, 0], [0, 1, 2, 3]), NOW, rule)).toBe(true);
  });

  it("waits for three readings that showed spend: one call over an hour forecasts nothing, nor does a refund", () => {
    expect(enoughToForecast(spent([60, 30, 0], [0, 3, 3]), NOW, rule)).toBe(false);
    expect(enoughToForecast(spent([60, 40, 30, 0], [0, 3, 1, 2]), NOW, rule)).toBe(false);
    expect(enoughToForecast([], NOW, rule)).toBe(false);
  });

  it("until then the budget and the balance are too early to forecast, unless already used up", () => {
    const input = { used: 3, budget: 10, resetAt: NOW + HOUR, rate: { low: 1, high: 1 }, now: NOW, ready: false };
    expect(projectBudget(input).state).toBe("early");
    expect(projectBudget({ ...input, used: 10 }).state).toBe("exhausted");
    expect(projectBalance({ balance: 5, rate: null, now: NOW, lineSpan: HOUR, ready: false }).state).toBe("early");
  });
});

describe("budget projection", () => {
  const resetAt = NOW + 9 * HOUR;

  it("runs out before the reset at the current rate, with a line to the budget", () => {
    const projection = projectBudget({
      used: 30,
      budget: 50,
      resetAt,
      rate: { low: 10 / HOUR, high: 10 / HOUR },
      now: NOW,
    });
    expect(projection).toEqual({
      state: "runsOut",
      at: NOW + 2 * HOUR,
      latest: NOW + 2 * HOUR,
      line: { from: { at: NOW, value: 30 }, to: { at: NOW + 2 * HOUR, value: 50 } },
    });
  });

  it("runs out at the faster rate from the earliest to the latest time, or lasts at the slower rate", () => {
    const range = projectBudget({ used: 30, budget: 50, resetAt, rate: { low: 5 / HOUR, high: 10 / HOUR }, now: NOW });
    expect(range).toMatchObject({ state: "runsOut", at: NOW + 2 * HOUR, latest: NOW + 4 * HOUR });
    const slow = projectBudget({ used: 30, budget: 50, resetAt, rate: { low: 1 / HOUR, high: 10 / HOUR }, now: NOW });
    expect(slow).toMatchObject({ state: "runsOut", at: NOW + 2 * HOUR, latest: null });
  });

  it("outlasts the period when the rate is low, the line ending at the reset", () => {
    const projection = projectBudget({
      used: 10,
      budget: 50,
      resetAt,
      rate: { low: 1 / HOUR, high: 1 / HOUR },
      now: NOW,
    });
    expect(projection.state).toBe("outlasts");
    if (projection.state === "outlasts") expect(projection.line.to).toEqual({ at: resetAt, value: 19 });
  });

  it("says exhausted, idle or thin rather than dividing by zero", () => {
    expect(projectBudget({ used: 50, budget: 50, resetAt, rate: { low: 1, high: 1 }, now: NOW }).state).toBe(
      "exhausted",
    );
    expect(projectBudget({ used: 0, budget: 0, resetAt, rate: { low: 0, high: 0 }, now: NOW }).state).toBe("exhausted");
    expect(projectBudget({ used: 10, budget: 50, resetAt, rate: { low: 0, high: 0 }, now: NOW }).state).toBe("idle");
    expect(projectBudget({ used: 10, budget: 50, resetAt, rate: null, now: NOW }).state).toBe("thin");
  });
});

describe("balance projection", () => {
  it("lasts balance / rate days, the line clipped to the span shown", () => {
    const projection = projectBalance({
      balance: 120,
      rate: { low: 10 / DAY, high: 10 / DAY },
      now: NOW,
      lineSpan: DAY,
    });
    expect(projection.state).toBe("lasts");
    if (projection.state !== "lasts") return;
    expect(projection.days).toBeCloseTo(12);
    expect(projection.line.to.at).toBe(NOW + DAY);
    expect(projection.line.to.value).toBeCloseTo(110);
  });

  it("stops the line at zero when that comes sooner", () => {
    const projection = projectBalance({
      balance: 5,
      rate: { low: 10 / DAY, high: 10 / DAY },
      now: NOW,
      lineSpan: 7 * DAY,
    });
    if (projection.state !== "lasts") throw new Error(projection.state);
    expect(projection.line.to).toEqual({ at: NOW + DAY / 2, value: 0 });
  });

  it("has no figure past a year, none without spend, and none from thin data", () => {
    expect(
      projectBalance({ balance: 1000, rate: { low: 1 / DAY, high: 1 / DAY }, now: NOW, lineSpan: DAY }).state,
    ).toBe("beyondHorizon");
    expect(projectBalance({ balance: 1000, rate: { low: 0, high: 0 }, now: NOW, lineSpan: DAY }).state).toBe("idle");
    expect(projectBalance({ balance: 1000, rate: null, now: NOW, lineSpan: DAY }).state).toBe("thin");
    expect(projectBalance({ balance: 0, rate: { low: 1, high: 1 }, now: NOW, lineSpan: DAY }).state).toBe("exhausted");
  });
});
