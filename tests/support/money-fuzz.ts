import { rmSync } from "node:fs";
import type { AppServices } from "../../electron/composition/app-services.ts";
import type { GatewayConfigInput } from "../../electron/local-gateway/config.ts";
import { seededRandom } from "../../electron/local-gateway/media/seeded-random.ts";
import { ACTIVE_TASK_STATUSES } from "../../shared/ipc/tasks.ts";
import {
  chatTurn,
  gatewayCharges,
  ledgerSettled,
  QUICK_SAMPLING,
  stopReplyAfter,
  taskUntil,
} from "../integration/budget/budget-session.ts";
import { startServices } from "./app-services.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "./local-gateway.ts";
import { MONEY_MODELS, otherClientSpends } from "./money-scenarios.ts";

/**
 * The money catalogue, an image model whose larger size costs more than the flat price it lists,
 * and an async image model whose tasks fail and are refunded.
 */
const FUZZ_MODELS: NonNullable<GatewayConfigInput["models"]> = [
  ...MONEY_MODELS.filter((model) => model.code !== "image-fast"),
  { code: "image-fast", kind: "image", syncMode: "sync", price: { perUnit: 0.1, perUnitBySize: { "96x64": 0.15 } } },
  { code: "image-flaky", kind: "image", syncMode: "async", fault: "upstream", price: { perUnit: 0.2 } },
];
/** The sizes pictures are asked at: the flat price's and a dearer one. */
const SIZES = ["64x64", "96x64"] as const;

/** Text streams fast enough for many calls, slowly enough to be stopped; tasks finish in a moment. */
const FUZZ_GATEWAY: GatewayConfigInput = {
  models: FUZZ_MODELS,
  timeScale: 1,
  tokensPerSecond: 2000,
  firstTokenDelayMs: 0,
  syncImageSeconds: [0, 0.05],
  asyncImageSeconds: [0.1, 0.3],
};

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
}

export interface FuzzResult {
  readonly seed: number;
  readonly published: boolean;
  readonly rows: readonly FuzzRow[];
  /** What the key was charged in all, net of refunds, by every client. */
  readonly keyCharged: number;
  /** Per copy of the app: its own calls net of refunds, and the other spend it shows. */
  readonly own: readonly number[];
  readonly other: readonly number[];
}

/** The readings round to four decimals, once on each side of a movement. */
const ROUNDING = 0.000201;

/** A measured or priced row more than 2 % off its charge. */
export const rowOff = (row: FuzzRow) =>
  (row.kind === "measured" || row.kind === "priced") &&
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

type Step = (apps: readonly AppServices[], gateway: TestGateway, others: Set<string>) => Promise<void>;

/**
 * A random session on one key: calls of every kind one at a time and in bursts, stopped replies,
 * refunded tasks, readings asked for, another client spending idle or in step with a call, and
 * sometimes a second copy of the app on the same key.
 */
function stepsOf(random: () => number, instances: number): Step[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const call = (): ((app: AppServices) => Promise<void>) => {
    const kind = pick(["chat", "chat", "search", "image", "async", "flaky", "stop"] as const);
    const words = 5 + Math.floor(random() * 300);
    const maxTokens = 40 + Math.floor(random() * 400);
    const model = pick(["chat-fast", "chat-pro"]);
    const stream = random() < 0.5;
    const n = 1 + Math.floor(random() * 3);
    const size = pick(SIZES);
    return async (app) => {
      const prompt = Array.from({ length: words }, (_, i) => `word${i % 89}`).join(" ");
      if (kind === "chat" || kind === "search")
        await chatTurn(app, { model, maxTokens, stream }, prompt, kind === "search");
      // A reply that ended before Stop reached it is a reply like any other.
      else if (kind === "stop") await stopReplyAfter(app, { model, maxTokens }, 1);
      else await image(app, kind === "image" ? "image-fast" : kind === "async" ? "image-pro" : "image-flaky", n, size);
    };
  };
  const count = 3 + Math.floor(random() * 5);
  return Array.from({ length: count }, (): Step => {
    const instance = Math.floor(random() * instances);
    const roll = random();
    if (roll < 0.4) {
      const one = call();
      return async (apps) => one(apps[instance] as AppServices);
    }
    if (roll < 0.6) {
      const burst = [call(), call(), ...(random() < 0.5 ? [call()] : [])];
      return async (apps) => {
        await Promise.all(burst.map((one) => one(apps[instance] as AppServices)));
      };
    }
    if (roll < 0.75) {
      const one = call();
      const what = pick(["image", "chat"] as const);
      // Another client spends while the app's call is out: in step with it.
      return async (apps, gateway, others) => {
        await Promise.all([one(apps[instance] as AppServices), otherClientSpends(gateway, others, what)]);
      };
    }
    if (roll < 0.9) {
      const what = pick(["image", "chat"] as const);
      return async (_apps, gateway, others) => otherClientSpends(gateway, others, what);
    }
    return async (apps) => {
      const app = apps[instance] as AppServices;
      await app.budget.snapshot(app.vault.resolveId());
    };
  });
}

async function image(app: AppServices, model: string, n: number, size: string) {
  const task = await app.tasks.generateImage(app.vault.resolveId(), {
    model,
    prompt: "a paper kite",
    n,
    size,
    responseFormat: "url",
    async: model !== "image-fast",
  });
  await taskUntil(app, task.id, (view) => !ACTIVE_TASK_STATUSES.includes(view.status));
}

/** Runs the scenario of `seed` against a fresh gateway and fresh copies of the app, and compares them with its charges. */
export async function moneyScenario(seed: number): Promise<FuzzResult> {
  const random = seededRandom(seed);
  const published = random() < 0.5;
  const instances = random() < 0.3 ? 2 : 1;
  const steps = stepsOf(random, instances);
  const gatewayDir = tempDir("money-fuzz-gw-");
  const gateway = await startTestGateway({ ...FUZZ_GATEWAY, publishPrices: published }, gatewayDir);
  const dirs = Array.from({ length: instances }, () => tempDir("money-fuzz-app-"));
  const apps = await Promise.all(
    dirs.map((dir) => startServices(gateway.url, KEYS.main.key, dir, { samplerTiming: QUICK_SAMPLING })),
  );
  const others = new Set<string>();
  try {
    for (const app of apps) await app.budget.snapshot(app.vault.resolveId());
    for (const step of steps) await step(apps, gateway, others);
    for (const app of apps) {
      await ledgerSettled(app);
      await app.budget.snapshot(app.vault.resolveId());
      await ledgerSettled(app);
    }
    return { seed, published, ...compared(apps, gateway) };
  } finally {
    await Promise.all(apps.map((app) => app.close()));
    await gateway.close();
    for (const dir of [gatewayDir, ...dirs]) rmSync(dir, { recursive: true, force: true });
  }
}

function compared(apps: readonly AppServices[], gateway: TestGateway) {
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
      });
    }
    own.push(mine);
    other.push(entries.filter((entry) => entry.outside).reduce((sum, entry) => sum + (entry.cost ?? 0), 0));
  });
  return { rows, keyCharged, own, other };
}
