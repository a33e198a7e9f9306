import { describe, expect, it } from "vitest";
import { spentBetween, type BalanceReading } from "../../../electron/services/budget/balance-movements.ts";
import { confirmedMove, unconfirmedBetween } from "../../../electron/services/budget/reading-agreement.ts";

const at = (dailyUsed: number | null, monthlyUsed: number | null, balance = 100): BalanceReading => ({
  sentAt: 0,
  receivedAt: 0,
  balance,
  dailyUsed,
  monthlyUsed,
});

describe("whether two readings' counters agree", () => {
  it("agree when both move by the same amount, up or down (a refund lowers both)", () => {
    expect(unconfirmedBetween(at(1, 10), at(1.5, 10.5), 0.0001)).toBe(0);
    expect(unconfirmedBetween(at(1, 10), at(0.8, 9.8), 0.0001)).toBe(0);
    expect(unconfirmedBetween(at(1, 10), at(1.00005, 10), 0.0001)).toBe(0);
  });

  it("a day or a month that began in between explains a fall of today's use", () => {
    expect(unconfirmedBetween(at(3, 10), at(0.1, 10.1), 0.0001)).toBe(0);
    expect(unconfirmedBetween(at(3, 50), at(0.1, 0.1), 0.0001)).toBe(0);
  });

  it("today's use rising while the month's did not is unconfirmed, and so is a fall no reset explains", () => {
    expect(unconfirmedBetween(at(1, 10), at(8, 10), 0.0001)).toBeCloseTo(7, 9);
    expect(unconfirmedBetween(at(1, 10), at(1, 12), 0.0001)).toBeCloseTo(2, 9);
    expect(unconfirmedBetween(at(3, 10), at(2, 10), 0.0001)).toBeCloseTo(1, 9);
  });

  it("today's use above the month's is impossible", () => {
    expect(unconfirmedBetween(at(1, 10), at(12, 11), 0.0001)).toBeCloseTo(1, 9);
  });

  it("a reading without one of the counters tells nothing", () => {
    expect(unconfirmedBetween(at(1, null), at(8, null), 0.0001)).toBe(0);
  });
});

describe("what a movement whose counters disagree spent", () => {
  it("counts only what both counters show: ¥7 of today's use the month never saw is never booked", () => {
    expect(spentBetween(at(1, 10, 100), at(8, 10, 100))).toBe(0);
    expect(spentBetween(at(1, 10, 100), at(1.5, 10.2, 99.8))).toBeCloseTo(0.2, 9);
    expect(confirmedMove(-1, 0)).toBe(0);
    expect(confirmedMove(2, 5)).toBe(2);
    expect(confirmedMove(-2, -5)).toBe(-2);
  });
});

describe("a day that began between two readings", () => {
  const resetAt = (day: number) => `2026-11-${day}T00:00:00+08:00`;
  const on = (day: number, dailyUsed: number, monthlyUsed: number, balance: number): BalanceReading => ({
    ...at(dailyUsed, monthlyUsed, balance),
    dailyResetAt: resetAt(day),
    monthlyResetAt: "2026-12-01T00:00:00+08:00",
  });

  it("counts from the month's move when today's new use is more than yesterday's whole day", () => {
    // 0.2 yesterday; the day turned, then 0.3 was spent: today's counter rose by 0.1, the month's by 0.3.
    const before = on(29, 0.2, 0.2, 59.8);
    const after = on(30, 0.3, 0.5, 59.5);
    expect(unconfirmedBetween(before, after, 0.0001)).toBe(0);
    expect(spentBetween(before, after)).toBeCloseTo(0.3, 9);
  });

  it("still holds today's use beyond the month's move as unconfirmed", () => {
    expect(unconfirmedBetween(on(29, 0.2, 0.2, 59.8), on(30, 0.45, 0.5, 59.5), 0.0001)).toBeCloseTo(0.15, 9);
  });
});
