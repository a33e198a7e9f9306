import { rmSync } from "node:fs";
import type { AppServices } from "../../electron/services/app-services.ts";
import { seededRandom } from "../../electron/local-gateway/media/seeded-random.ts";
import { gatewayCharges, ledgerSettled, QUICK_SAMPLING } from "../integration/budget/budget-session.ts";
import { startServices } from "./services-fixture.ts";
import { startFaultProxy } from "./fault-proxy.ts";
import { KEYS, tempDir, type TestGateway } from "./local-gateway.ts";
import { dayEndingSoon, fuzzModels, startFuzzGateway, type FuzzWorld } from "./money-fuzz-world.ts";
import { dayTurns, stepsOf } from "./money-fuzz-steps.ts";

/** One paid call of an app's, as the gateway charged it and as that app shows it. */
export interface FuzzRow {
  readonly requestId: string;
  readonly instance: number;
  readonly charged: number;
  /** What the app books (net of its refund), and the range and kind of its cost. */
  readonly shown: number;
  readonly low: number | null;
  readonly high: number | null;
  readonly kind: string;
  /** The session's server charged prices its list, as the app held it, did not show. */
  readonly listStale: boolean;
}

export interface FuzzResult {
  readonly seed: number;
  /** The server's price list: absent, true for every call, or off (a size it misprices, or left stale by a change). */
  readonly list: "absent" | "true" | "off";
  readonly rows: readonly FuzzRow[];
  /** What the key was charged in all, net of refunds, by every client. */
  readonly keyCharged: number;
  /** Per copy of the app: its own calls net of refunds, and the other spend it shows. */
  readonly own: readonly number[];
  readonly other: readonly number[];
}

/** The readings round to four decimals, once on each side of a movement. */
const ROUNDING = 0.000201;

/**
 * A measured row more than 2 % off its charge, or a priced one where the server's list was true
 * (priced is the list's price by definition: a stale list is the server's word until charges show the change).
 */
export const rowOff = (row: FuzzRow) =>
  (row.kind === "measured" || (row.kind === "priced" && !row.listStale)) &&
  Math.abs(row.shown - row.charged) > 0.02 * row.charged + ROUNDING;

/** An ≈ row whose range does not hold its charge. */
export const rangeMisses = (row: FuzzRow) =>
  row.kind === "estimated" &&
  ((row.low ?? -Infinity) > row.charged + ROUNDING || (row.high ?? Infinity) < row.charged - ROUNDING);

/**
 * How much more than the key was charged the copies of the app show: their own costs together,
 * and each copy's own costs with the other spend it shows.
 */
export function doubleCounted(result: FuzzResult): number {
  const over = (shown: number) => Math.max(0, shown - result.keyCharged - ROUNDING);
  const each = result.own.map((own, i) => over(own + (result.other[i] ?? 0)));
  return over(result.own.reduce((sum, own) => sum + own, 0)) + each.reduce((sum, excess) => sum + excess, 0);
}

/** Runs the scenario of `seed` against a fresh gateway and fresh copies of the app, and compares them with its charges. */
export async function moneyScenario(seed: number): Promise<FuzzResult> {
  const random = seededRandom(seed);
  const published = random() < 0.5;
  const instances = random() < 0.3 ? 2 : 1;
  const steps = stepsOf(random, instances);
  // Some sessions run across the turn of the gateway's billing day.
  const day = random() < 0.1 ? dayEndingSoon(Date.now()) : null;
  if (day) steps.splice(Math.floor(random() * (steps.length + 1)), 0, dayTurns(day.at));
  const gatewayDir = tempDir("money-fuzz-gw-");
  const sized = random() < 0.5;
  const setup = { models: fuzzModels(sized), publishPrices: published, ...(day ? { utcOffset: day.utcOffset } : {}) };
  const gateway = await startFuzzGateway(setup, gatewayDir);
  const proxy = await startFaultProxy(gateway.url);
  const dirs = Array.from({ length: instances }, () => tempDir("money-fuzz-app-"));
  const apps = await Promise.all(
    dirs.map((dir) => startServices(proxy.url, KEYS.main.key, dir, { samplerTiming: QUICK_SAMPLING })),
  );
  const world: FuzzWorld = { apps, proxy, others: new Set(), gateway, setup, staleList: false };
  try {
    for (const app of apps) await app.budget.snapshot(app.vault.resolveId());
    for (const step of steps) await step(world);
    for (const app of apps) {
      await ledgerSettled(app);
      await app.budget.snapshot(app.vault.resolveId());
      await ledgerSettled(app);
    }
    const list = !published ? "absent" : sized || world.staleList ? "off" : "true";
    return { seed, list, ...compared(apps, world.gateway, world.staleList) };
  } finally {
    await Promise.all(apps.map((app) => app.close()));
    await proxy.close();
    await world.gateway.close();
    for (const dir of [gatewayDir, ...dirs]) rmSync(dir, { recursive: true, force: true });
  }
}

function compared(apps: readonly AppServices[], gateway: TestGateway, listStale: boolean) {
  const charged = new Map<string, number>();
  let keyCharged = 0;
  for (const charge of gatewayCharges(gateway)) {
    // A call is judged by what it was charged; its refund gives the same back and is judged apart.
    if (charge.amount > 0) charged.set(charge.request_id, (charged.get(charge.request_id) ?? 0) + charge.amount);
    keyCharged += charge.amount;
  }
  const rows: FuzzRow[] = [];
  const own: number[] = [];
  const other: number[] = [];
  apps.forEach((app, instance) => {
    const entries = app.ledger.entries(app.vault.resolveId(), {});
    let mine = 0;
    for (const entry of entries) {
      if (entry.outside || entry.cost === null) continue;
      mine += entry.cost - (entry.refund ?? 0);
      const charge = entry.requestId === null ? undefined : charged.get(entry.requestId);
      if (charge === undefined || entry.requestId === null) continue;
      rows.push({
        requestId: entry.requestId,
        instance,
        charged: charge,
        shown: entry.cost,
        low: entry.costLow,
        high: entry.costHigh,
        kind: entry.costKind,
        listStale,
      });
    }
    own.push(mine);
    other.push(entries.filter((entry) => entry.outside).reduce((sum, entry) => sum + (entry.cost ?? 0), 0));
  });
  return { rows, keyCharged, own, other };
}
