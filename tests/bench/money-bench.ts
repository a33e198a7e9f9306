import { rmSync } from "node:fs";
import type { AppServices } from "../../electron/composition/app-services.ts";
import type { GatewayConfigInput } from "../../electron/local-gateway/config.ts";
import { QUICK_SAMPLING } from "../integration/budget/budget-session.ts";
import { startServices } from "../support/app-services.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";
import {
  anotherClientOnTheKey,
  burstOfFour,
  callsOneAtATime,
  measuredRowsOff,
  MONEY_MODELS,
  moneyReport,
  priceChange,
  sumAbsErrorShare,
  type MoneyReport,
} from "../support/money-scenarios.ts";
import { report } from "./measure.ts";

/** A fresh gateway and app, run through `scenario`, then compared with the gateway's charges table. */
async function session(
  overrides: GatewayConfigInput,
  scenario: (app: AppServices, gateway: TestGateway, others: Set<string>) => Promise<ScenarioEnd | void>,
): Promise<MoneyReport & { priceCalls: number }> {
  const gatewayDir = tempDir("bench-money-gw-");
  const appDir = tempDir("bench-money-app-");
  let gateway = await startTestGateway({ models: MONEY_MODELS, ...overrides }, gatewayDir);
  const app = await startServices(gateway.url, KEYS.main.key, appDir, { samplerTiming: QUICK_SAMPLING });
  const others = new Set<string>();
  try {
    await app.budget.snapshot(app.vault.resolveId());
    const end = await scenario(app, gateway, others);
    if (end) gateway = end.gateway;
    return { ...moneyReport(app, gateway, others), priceCalls: end?.priceCalls ?? Number.NaN };
  } finally {
    await app.close();
    await gateway.close();
    rmSync(gatewayDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  }
}

/** A scenario that restarted the gateway, and how many calls after a change of price the estimate took to follow. */
interface ScenarioEnd {
  readonly gateway: TestGateway;
  readonly priceCalls: number;
}

async function withoutOtherClient(app: AppServices, gateway: TestGateway): Promise<ScenarioEnd> {
  await burstOfFour(app);
  await callsOneAtATime(app);
  const changed = await priceChange(app, gateway, {}, 6);
  const within = changed.estimates.findIndex(
    (estimate) => Math.abs(estimate - changed.truePrice) <= 0.02 * changed.truePrice,
  );
  // Not within the calls made: one more than were made.
  return { gateway: changed.gateway, priceCalls: within === -1 ? changed.estimates.length + 1 : within + 1 };
}

const percent = (share: number) => 100 * share;

/**
 * Money figures against the local gateway's own charges table: calls one at a time, a burst of
 * four on first use and a change of price; then another client spending on the same key. The
 * baseline is the same app against a gateway that publishes no prices, so every price is learned.
 */
export async function moneyBench(): Promise<void> {
  for (const [suffix, overrides] of [
    ["", {}],
    ["_baseline_unpublished", { publishPrices: false }],
  ] as const) {
    const alone = await session(overrides, withoutOtherClient);
    const shared = await session(overrides, (app, gateway, others) => anotherClientOnTheKey(app, gateway, others));
    report(`money_sum_abs_error_pct${suffix}`, percent(sumAbsErrorShare(alone.rows)), "%");
    report(`money_sum_abs_error_with_other_client_pct${suffix}`, percent(sumAbsErrorShare(shared.rows)), "%");
    report(
      `money_measured_rows_off_over_2pct${suffix}`,
      measuredRowsOff(alone.rows) + measuredRowsOff(shared.rows),
      "rows",
    );
    report(
      `money_other_spend_error_pct${suffix}`,
      percent(Math.abs(shared.otherShown - shared.otherCharged) / shared.otherCharged),
      "%",
    );
    report(`price_change_calls_to_within_2pct${suffix}`, alone.priceCalls, "calls");
  }
}
