import { describe, expect, it } from "vitest";
import { burnRate, DAY, HOUR, projectBalance, projectBudget } from "../../../renderer/src/panes/budget/projection.ts";

const MINUTE = 60_000;
const NOW = Date.parse("2026-11-23T15:00:00+08:00");

describe("burn rate", () => {
  it("is the spend over the time the readings cover", () => {
    const readings = [
      { at: NOW - HOUR, value: 10 },
      { at: NOW - 30 * MINUTE, value: 13 },
      { at: NOW, value: 16 },
    ];
    expect(burnRate(readings, { from: NOW - HOUR, to: NOW }, "up", 10 * MINUTE)).toBeCloseTo(6 / HOUR);
  });

  it("leaves out readings outside the window, resets and top-ups", () => {
    const used = [
      { at: NOW - 2 * HOUR, value: 0 },
      { at: NOW - HOUR, value: 40 },
      { at: NOW - 40 * MINUTE, value: 1 },
      { at: NOW, value: 5 },
    ];
    expect(burnRate(used, { from: NOW - HOUR, to: NOW }, "up", MINUTE)).toBeCloseTo(4 / HOUR);
    const balance = [
      { at: NOW - 2 * DAY, value: 100 },
      { at: NOW - DAY, value: 90 },
      { at: NOW - DAY / 2, value: 190 },
      { at: NOW, value: 180 },
    ];
    expect(burnRate(balance, { from: NOW - 7 * DAY, to: NOW }, "down", HOUR)).toBeCloseTo(20 / (2 * DAY));
  });

  it("is unknown when the readings are too few or too close together", () => {
    expect(burnRate([], { from: 0, to: NOW }, "up", MINUTE)).toBeNull();
    expect(burnRate([{ at: NOW, value: 3 }], { from: 0, to: NOW }, "up", MINUTE)).toBeNull();
    const close = [
      { at: NOW - MINUTE, value: 1 },
      { at: NOW, value: 2 },
    ];
    expect(burnRate(close, { from: NOW - HOUR, to: NOW }, "up", 10 * MINUTE)).toBeNull();
  });
});

describe("budget projection", () => {
  const resetAt = NOW + 9 * HOUR;

  it("runs out before the reset at the current rate, with a line to the budget", () => {
    const projection = projectBudget({ used: 30, budget: 50, resetAt, rate: 10 / HOUR, now: NOW });
    expect(projection).toEqual({
      state: "runsOut",
      at: NOW + 2 * HOUR,
      line: { from: { at: NOW, value: 30 }, to: { at: NOW + 2 * HOUR, value: 50 } },
    });
  });

  it("outlasts the period when the rate is low, the line ending at the reset", () => {
    const projection = projectBudget({ used: 10, budget: 50, resetAt, rate: 1 / HOUR, now: NOW });
    expect(projection.state).toBe("outlasts");
    if (projection.state === "outlasts") expect(projection.line.to).toEqual({ at: resetAt, value: 19 });
  });

  it("says exhausted, idle or thin rather than dividing by zero", () => {
    expect(projectBudget({ used: 50, budget: 50, resetAt, rate: 1, now: NOW }).state).toBe("exhausted");
    expect(projectBudget({ used: 0, budget: 0, resetAt, rate: 0, now: NOW }).state).toBe("exhausted");
    expect(projectBudget({ used: 10, budget: 50, resetAt, rate: 0, now: NOW }).state).toBe("idle");
    expect(projectBudget({ used: 10, budget: 50, resetAt, rate: null, now: NOW }).state).toBe("thin");
  });
});

describe("balance projection", () => {
  it("lasts balance / rate days, the line clipped to the span shown", () => {
    const projection = projectBalance({ balance: 120, rate: 10 / DAY, now: NOW, lineSpan: DAY });
    expect(projection.state).toBe("lasts");
    if (projection.state !== "lasts") return;
    expect(projection.days).toBeCloseTo(12);
    expect(projection.line.to.at).toBe(NOW + DAY);
    expect(projection.line.to.value).toBeCloseTo(110);
  });

  it("stops the line at zero when that comes sooner", () => {
    const projection = projectBalance({ balance: 5, rate: 10 / DAY, now: NOW, lineSpan: 7 * DAY });
    if (projection.state !== "lasts") throw new Error(projection.state);
    expect(projection.line.to).toEqual({ at: NOW + DAY / 2, value: 0 });
  });

  it("has no figure past a year, none without spend, and none from thin data", () => {
    expect(projectBalance({ balance: 1000, rate: 1 / DAY, now: NOW, lineSpan: DAY }).state).toBe("beyondHorizon");
    expect(projectBalance({ balance: 1000, rate: 0, now: NOW, lineSpan: DAY }).state).toBe("idle");
    expect(projectBalance({ balance: 1000, rate: null, now: NOW, lineSpan: DAY }).state).toBe("thin");
    expect(projectBalance({ balance: 0, rate: 1, now: NOW, lineSpan: DAY }).state).toBe("exhausted");
  });
});
