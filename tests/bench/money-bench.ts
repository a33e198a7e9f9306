import { rmSync } from "node:fs";
import type { AppServices } from "../../electron/services/app-services.ts";
import type { GatewayConfigInput } from "../../electron/local-gateway/config.ts";
import { QUICK_SAMPLING } from "../integration/budget/budget-session.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";
import { doubleCounted, moneyScenario, rangeMisses, rowOff, type FuzzResult } from "../support/money-fuzz.ts";
import {
  anotherClientOnTheKey,
  burstOfFour,
  callsOneAtATime,
  MONEY_MODELS,
  moneyReport,
  priceChange,
  sumAbsErrorShare,
  type MoneyReport,
} from "../support/money-scenarios.ts";
import { sized } from "./bench-size.ts";
import { report } from "./measure.ts";

/** Calls made at a new price, for the estimate to follow it (in a smoke run, 2). */
const PRICE_CHANGE_CALLS = 6;

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
  const changed = await priceChange(app, gateway, {}, sized(PRICE_CHANGE_CALLS, 2));
  const within = changed.estimates.findIndex(
    (estimate) => Math.abs(estimate - changed.truePrice) <= 0.02 * changed.truePrice,
  );
  // Not within the calls made: one more than were made.
  return { gateway: changed.gateway, priceCalls: within === -1 ? changed.estimates.length + 1 : within + 1 };
}

const percent = (share: number) => 100 * share;

/** How many random sessions the money fuzzer runs (seeds 1 to 200); MONEY_FUZZ_SCENARIOS sets another count. */
const FUZZ_SCENARIOS = 200;
/**
 * A smoke run's sessions, two short ones (about a second each): seed 27, two copies of the app
 * under a published price list, and seed 13, one copy under none. Many seeds wait seconds for a
 * task's first poll, some up to a minute for the billing day to turn.
 */
const SMOKE_SEEDS = [27, 13];

function fuzzSeeds(): number[] {
  const count = process.env.MONEY_FUZZ_SCENARIOS;
  if (count === undefined) return sized(seedsUpTo(FUZZ_SCENARIOS), SMOKE_SEEDS);
  return seedsUpTo(Number(count));
}

const seedsUpTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * Seeded random sessions against the local gateway's charges (tests/support/money-fuzz.ts), with
 * and without published prices. Prints the seed of every session that broke a rule.
 */
async function moneyFuzz(): Promise<void> {
  const results: FuzzResult[] = [];
  for (const seed of fuzzSeeds()) {
    const result = await moneyScenario(seed);
    results.push(result);
    const broken = result.rows.some((row) => rowOff(row) || rangeMisses(row)) || doubleCounted(result) > 0;
    if (broken) report("money_violation_seed", seed, "seed");
  }
  const rows = results.flatMap((result) => result.rows);
  const estimated = rows.filter((row) => row.kind === "estimated");
  const keyCharged = results.reduce((sum, result) => sum + result.keyCharged, 0);
  const errorOf = (list: FuzzResult["list"]) =>
    sumAbsErrorShare(results.filter((result) => result.list === list).flatMap((result) => result.rows));
  report("money_fuzz_scenarios", results.length, "scenarios");
  report("money_measured_rows_off_over_2pct", rows.filter(rowOff).length, "rows");
  report("money_range_misses_pct", percent(estimated.filter(rangeMisses).length / Math.max(1, estimated.length)), "%");
  report(
    "money_double_count_pct",
    percent(results.reduce((sum, result) => sum + doubleCounted(result), 0) / keyCharged),
    "%",
  );
  report("money_sum_abs_error_pct", percent(errorOf("true")), "%");
  report("money_sum_abs_error_pct_list_off", percent(errorOf("off")), "%");
  report("money_sum_abs_error_pct_baseline_unpublished", percent(errorOf("absent")), "%");
  report(
    "money_stale_list_priced_rows_off",
    rows.filter((row) => row.listStale && rowOff({ ...row, listStale: false })).length,
    "rows",
  );
}

/**
 * Money figures against the local gateway's own charges table: the fuzzer's random sessions, then
 * other spend and a change of price in the fixed scenarios, each beside the same app against a
 * gateway that publishes no prices.
 */
export async function moneyBench(): Promise<void> {
  await moneyFuzz();
  for (const [suffix, overrides] of [
    ["", {}],
    ["_baseline_unpublished", { publishPrices: false }],
  ] as const) {
    const alone = await session(overrides, withoutOtherClient);
    const shared = await session(overrides, (app, gateway, others) => anotherClientOnTheKey(app, gateway, others));
    report(
      `money_other_spend_error_pct${suffix}`,
      percent(Math.abs(shared.otherShown - shared.otherCharged) / shared.otherCharged),
      "%",
    );
    report(`price_change_calls_to_within_2pct${suffix}`, alone.priceCalls, "calls");
  }
}
