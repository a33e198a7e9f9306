import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BudgetSnapshot } from "../../../shared/ipc/budget.ts";
import type { BudgetAlert } from "../../../shared/ipc/budget-alerts.ts";
import type { ProfileView } from "../../../shared/ipc/profiles.ts";
import { BudgetAlerts } from "../../../electron/services/budget/budget-alerts.ts";
import { BudgetMonitor } from "../../../electron/services/budget/budget-monitor.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { balanceReading } from "../../support/balance-reading.ts";
import { tempDir } from "../../support/local-gateway.ts";

const NOW = Date.parse("2026-11-23T04:00:00Z");

const balance = (dailyUsed: number) => balanceReading({ balance: 40, dailyUsed, monthlyBudget: null });

const snapshot = (profileId: string, dailyUsed: number, at: number): BudgetSnapshot => ({
  profileId,
  balance: balance(dailyUsed),
  fetchedAt: new Date(at).toISOString(),
  requestId: null,
  rateLimit: null,
});

function profile(id: string, hasKey = true): ProfileView {
  return {
    id,
    name: `Profile ${id}`,
    baseUrl: "https://gateway.example",
    auth: "bearer",
    rpm: 60,
    models: { chat: [], search: [], image: [], video: [] },
    videoLimits: { perMinute: 5, perDay: 100, concurrent: 2 },
    maxWaitMinutes: 10,
    hasKey,
    keyHint: null,
    resultOrigins: [],
    allowInsecureHttp: false,
    builtIn: false,
  };
}

function monitorWith(features: Record<string, "offered" | "missing">) {
  const reads: string[] = [];
  const fired: BudgetAlert[] = [];
  const monitor: BudgetMonitor = new BudgetMonitor({
    alerts: new BudgetAlerts(openAppDatabase(join(tempDir("monitor-"), "app.db"))),
    read: async (profileId) => {
      reads.push(profileId);
      const reading = snapshot(profileId, 2, NOW);
      monitor.observe(reading, NOW);
      return reading;
    },
    profiles: () => [profile("a"), profile("b"), profile("c"), profile("keyless", false)],
    balanceFeature: (profileId) => features[profileId] ?? "unknown",
    onAlert: (alert) => fired.push(alert),
  });
  return { monitor, reads, fired };
}

describe("the budget monitor", () => {
  it("lists every profile with a key, reading only those without a reading from the last minute", async () => {
    const { monitor, reads } = monitorWith({ c: "missing" });
    monitor.observe(snapshot("a", 6, NOW - 30_000), NOW - 30_000);
    const rows = await monitor.overview(NOW);
    expect(rows.map((row) => [row.profileId, row.state])).toEqual([
      ["a", "ok"],
      ["b", "ok"],
      ["c", "not-offered"],
    ]);
    expect(reads).toEqual(["b"]);
    expect(rows[0]?.alerts.map((alert) => alert.threshold)).toEqual([50]);

    await monitor.overview(NOW + 61_000);
    expect(reads).toEqual(["b", "a", "b"]);
  });

  it("fires an alert from any reading, named after its profile", () => {
    const { monitor, fired } = monitorWith({});
    monitor.observe(snapshot("a", 8.5, NOW), NOW);
    expect(fired.map((alert) => `${alert.profileName} ${alert.metric} ${alert.threshold}`)).toEqual([
      "Profile a daily 50",
      "Profile a daily 80",
    ]);
    expect(monitor.latestReading("a")?.api_key.daily_used).toBe(8.5);
  });
});
