import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { BudgetAlerts } from "../../../electron/services/budget/budget-alerts.ts";
import { balanceReading } from "../../support/balance-reading.ts";
import { tempDir } from "../../support/local-gateway.ts";

const DAY_ONE_RESET = "2026-11-24T00:00:00+08:00";
const DAY_TWO_RESET = "2026-11-25T00:00:00+08:00";
const MONTH_RESET = "2026-12-01T00:00:00+08:00";
const NOON = Date.parse("2026-11-23T12:00:00+08:00");

const reading = (dailyUsed: number, options: { dailyReset?: string; balance?: number; monthlyUsed?: number } = {}) =>
  balanceReading({ ...options, dailyUsed, dailyReset: options.dailyReset ?? DAY_ONE_RESET, monthlyReset: MONTH_RESET });

const thresholds = (alerts: { metric: string; threshold: number }[]) =>
  alerts.map((alert) => `${alert.metric} ${alert.threshold}`);

describe("budget alerts", () => {
  it("fire once per threshold as the daily budget fills, with the defaults 50/80/95/100 %", () => {
    const alerts = new BudgetAlerts(openAppDatabase(join(tempDir("alerts-"), "app.db")));
    expect(alerts.evaluate("p", "Work", reading(4), NOON)).toEqual([]);
    expect(thresholds(alerts.evaluate("p", "Work", reading(5.2), NOON))).toEqual(["daily 50"]);
    expect(alerts.evaluate("p", "Work", reading(5.9), NOON)).toEqual([]);
    expect(thresholds(alerts.evaluate("p", "Work", reading(9.6), NOON))).toEqual(["daily 80", "daily 95"]);
    expect(thresholds(alerts.evaluate("p", "Work", reading(10), NOON))).toEqual(["daily 100"]);
    expect(thresholds(alerts.current("p", "Work", reading(10)))).toEqual([
      "daily 100",
      "daily 95",
      "daily 80",
      "daily 50",
    ]);
  });

  it("end when a refund brings use back under their threshold, and are not notified twice in a period", () => {
    const alerts = new BudgetAlerts(openAppDatabase(join(tempDir("alerts-"), "app.db")));
    expect(thresholds(alerts.evaluate("p", "Work", reading(5.2), NOON))).toEqual(["daily 50"]);
    expect(alerts.evaluate("p", "Work", reading(3), NOON)).toEqual([]);
    expect(alerts.current("p", "Work", reading(3))).toEqual([]);
    // Crossed again the same day: current again, at today's figure, but not notified again.
    expect(alerts.evaluate("p", "Work", reading(5.5), NOON)).toEqual([]);
    expect(alerts.current("p", "Work", reading(5.5))).toEqual([
      expect.objectContaining({ metric: "daily", threshold: 50, value: 5.5 }),
    ]);
  });

  it("do not fire again after a restart, and fire again when the day resets", () => {
    const file = join(tempDir("alerts-"), "app.db");
    const first = openAppDatabase(file);
    expect(thresholds(new BudgetAlerts(first).evaluate("p", "Work", reading(8.5), NOON))).toEqual([
      "daily 50",
      "daily 80",
    ]);
    first.close();

    const afterRestart = new BudgetAlerts(openAppDatabase(file));
    expect(afterRestart.evaluate("p", "Work", reading(8.6), NOON)).toEqual([]);
    expect(afterRestart.current("p", "Work", reading(8.6))).toHaveLength(2);

    const nextDay = reading(5.5, { dailyReset: DAY_TWO_RESET, monthlyUsed: 14 });
    expect(afterRestart.current("p", "Work", nextDay)).toEqual([]);
    expect(thresholds(afterRestart.evaluate("p", "Work", nextDay, NOON + 86_400_000))).toEqual(["daily 50"]);
  });

  it("watch the monthly budget and the balance floor by the profile's own settings", () => {
    const alerts = new BudgetAlerts(openAppDatabase(join(tempDir("alerts-"), "app.db")));
    alerts.saveSettings("p", { dailyPercents: [], monthlyPercents: [90], balanceBelow: 20 });
    expect(thresholds(alerts.evaluate("p", "Work", reading(9, { monthlyUsed: 91, balance: 19 }), NOON))).toEqual([
      "monthly 90",
      "balance 20",
    ]);
    expect(alerts.evaluate("p", "Work", reading(9, { monthlyUsed: 92, balance: 18 }), NOON)).toEqual([]);
    expect(thresholds(alerts.evaluate("other", "Home", reading(9, { monthlyUsed: 92, balance: 18 }), NOON))).toEqual([
      "daily 50",
      "daily 80",
      "monthly 50",
      "monthly 80",
    ]);
  });

  it("re-arm the balance floor once the balance is topped up above it", () => {
    const alerts = new BudgetAlerts(openAppDatabase(join(tempDir("alerts-"), "app.db")));
    alerts.saveSettings("p", { dailyPercents: [], monthlyPercents: [], balanceBelow: 20 });
    expect(alerts.evaluate("p", "Work", reading(0, { balance: 10 }), NOON)).toHaveLength(1);
    expect(alerts.evaluate("p", "Work", reading(0, { balance: 50 }), NOON)).toEqual([]);
    expect(alerts.current("p", "Work", reading(0, { balance: 50 }))).toEqual([]);
    expect(thresholds(alerts.evaluate("p", "Work", reading(0, { balance: 15 }), NOON))).toEqual(["balance 20"]);
  });
});
