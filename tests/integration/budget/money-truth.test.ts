import { afterEach, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../../support/local-gateway.ts";
import {
  anotherClientOnTheKey,
  burstOfFour,
  callsOneAtATime,
  measuredRowsOff,
  MONEY_MODELS,
  moneyReport,
  priceChange,
  sumAbsErrorShare,
} from "../../support/money-scenarios.ts";
import { QUICK_SAMPLING } from "./budget-session.ts";

let gateway: TestGateway;
let app: AppServices;

async function start(overrides = {}) {
  gateway = await startTestGateway({ models: MONEY_MODELS, ...overrides });
  app = await startServices(gateway.url, KEYS.main.key, tempDir("app-"), { samplerTiming: QUICK_SAMPLING });
  await app.budget.snapshot(app.vault.resolveId());
}

afterEach(async () => {
  await app.close();
  // A scenario that restarted the gateway and failed midway may leave the old one, already closed.
  await gateway.close().catch(() => undefined);
});

describe("what the app shows against what the gateway charged", () => {
  it("shows each call at its charge, one at a time and in a burst on first use", { timeout: 60_000 }, async () => {
    await start();
    await burstOfFour(app);
    await callsOneAtATime(app);
    const { rows, otherShown } = moneyReport(app, gateway, new Set());
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows)
      expect(Math.abs((row.shown ?? NaN) - row.charged), row.model).toBeLessThan(0.02 * row.charged);
    expect(measuredRowsOff(rows)).toBe(0);
    expect(sumAbsErrorShare(rows)).toBeLessThan(0.01);
    expect(otherShown).toBe(0);
  });

  it(
    "keeps another client's spend on the key apart from the app's calls, idle or during a call",
    { timeout: 60_000 },
    async () => {
      await start();
      const others = new Set<string>();
      await anotherClientOnTheKey(app, gateway, others);
      const { rows, otherCharged, otherShown } = moneyReport(app, gateway, others);
      expect(otherCharged).toBeGreaterThan(0.2);
      for (const row of rows)
        expect(Math.abs((row.shown ?? NaN) - row.charged), row.model).toBeLessThan(0.02 * row.charged);
      expect(measuredRowsOff(rows)).toBe(0);
      expect(Math.abs(otherShown - otherCharged)).toBeLessThan(0.05 * otherCharged);
      // Every figure adds up to the key's own: the app's calls plus other spend is what the key used today.
      const snapshot = await app.budget.snapshot(app.vault.resolveId());
      const appSpent = rows.reduce((sum, row) => sum + (row.shown ?? 0), 0);
      expect(appSpent + (snapshot.otherSpend?.today.amount ?? 0)).toBeCloseTo(
        snapshot.balance.api_key.daily_used ?? NaN,
        3,
      );
      expect(
        app.prices
          .prices(app.vault.resolveId())
          .find((price) => price.model === "chat-fast" && price.unit === "output_1k")?.price,
      ).toBeCloseTo(0.006, 9);
    },
  );

  it(
    "follows a change of price within two calls, and measures those calls at the new price",
    { timeout: 60_000 },
    async () => {
      await start();
      await callsOneAtATime(app);
      const changed = await priceChange(app, gateway, {}, 3);
      gateway = changed.gateway;
      const [, second, third] = changed.estimates;
      expect(Math.abs((second ?? 0) - changed.truePrice)).toBeLessThan(0.02 * changed.truePrice);
      expect(Math.abs((third ?? 0) - changed.truePrice)).toBeLessThan(0.02 * changed.truePrice);
      const { rows, otherShown } = moneyReport(app, gateway, new Set());
      for (const row of rows)
        expect(Math.abs((row.shown ?? NaN) - row.charged), row.model).toBeLessThan(0.02 * row.charged);
      expect(otherShown).toBeCloseTo(0, 6);
    },
  );
});
