import type { AppServices } from "../../electron/services/app-services.ts";
import type { GatewayConfigInput } from "../../electron/local-gateway/config.ts";
import { startTestGateway, type TestGateway } from "./local-gateway.ts";
import type { FaultProxy } from "./fault-proxy.ts";
import { MONEY_MODELS } from "./money-scenarios.ts";

type ModelConfig = NonNullable<GatewayConfigInput["models"]>[number];

/**
 * The money catalogue and an async image model whose tasks fail and are refunded; with `sized`,
 * the larger picture of image-fast costs more than the flat price it lists.
 */
export const fuzzModels = (sized: boolean): ModelConfig[] =>
  [
    ...MONEY_MODELS.filter((model) => !sized || model.code !== "image-fast"),
    ...(sized
      ? [
          {
            code: "image-fast",
            kind: "image",
            syncMode: "sync",
            price: { perUnit: 0.1, perUnitBySize: { "96x64": 0.15 } },
          },
        ]
      : []),
    { code: "image-flaky", kind: "image", syncMode: "async", fault: "upstream", price: { perUnit: 0.2 } },
  ] as ModelConfig[];

/** Text streams fast enough for many calls, slowly enough to be stopped; tasks finish in a moment. */
const FUZZ_GATEWAY: GatewayConfigInput = {
  timeScale: 1,
  tokensPerSecond: 2000,
  firstTokenDelayMs: 0,
  syncImageSeconds: [0, 0.05],
  asyncImageSeconds: [0.1, 0.3],
};

/** What the gateway runs with: its catalogue and prices, whether it lists them, and its billing day's offset. */
export interface GatewaySetup {
  readonly models: readonly ModelConfig[];
  readonly publishPrices: boolean;
  readonly utcOffset?: string;
}

/**
 * One session's key: the gateway (restarted when its prices or billing day change), the proxy
 * every copy of the app reaches it through (which can garble a balance answer), the copies of the
 * app, and the request ids of the other client's calls.
 */
export interface FuzzWorld {
  readonly apps: readonly AppServices[];
  readonly proxy: FaultProxy;
  readonly others: Set<string>;
  gateway: TestGateway;
  setup: GatewaySetup;
  /** The server charged prices its list, as the app last read it, did not show: a change it was not asked about. */
  staleList: boolean;
}

export const startFuzzGateway = (setup: GatewaySetup, dataDir: string, port = 0) =>
  startTestGateway({ ...FUZZ_GATEWAY, ...setup, models: [...setup.models] }, dataDir, port);

/** The gateway starts again on its port and data with `setup`: a change of price, or a new billing day. */
export async function restartGateway(world: FuzzWorld, setup: GatewaySetup): Promise<void> {
  const port = Number(new URL(world.gateway.url).port);
  await world.gateway.close();
  world.gateway = await startFuzzGateway(setup, world.gateway.dataDir, port);
  world.setup = setup;
}

/** Every price of `code` times `factor`, its per-size prices too. */
export function repriced(models: readonly ModelConfig[], code: string, factor: number): ModelConfig[] {
  const times = (value: number | undefined) => (value === undefined ? undefined : value * factor);
  return models.map((model) => {
    if (model.code !== code || !model.price) return model;
    const { inputPer1kTokens, outputPer1kTokens, perUnit, perUnitBySize } = model.price;
    return {
      ...model,
      price: {
        ...(inputPer1kTokens === undefined ? {} : { inputPer1kTokens: times(inputPer1kTokens) }),
        ...(outputPer1kTokens === undefined ? {} : { outputPer1kTokens: times(outputPer1kTokens) }),
        ...(perUnit === undefined ? {} : { perUnit: times(perUnit) }),
        ...(perUnitBySize
          ? { perUnitBySize: Object.fromEntries(Object.entries(perUnitBySize).map(([size, p]) => [size, p * factor])) }
          : {}),
      },
    };
  });
}

/**
 * A billing day that ends at the next turn of a minute: the UTC offset whose midnight falls then,
 * and when that is. A gateway started with it resets its daily counters mid-session, as at midnight.
 */
export function dayEndingSoon(now: number): { readonly utcOffset: string; readonly at: number } {
  const at = (Math.floor(now / 60_000) + 1) * 60_000;
  const offset = (1440 - ((at / 60_000) % 1440)) % 1440;
  const hours = String(Math.floor(offset / 60)).padStart(2, "0");
  return { utcOffset: `+${hours}:${String(offset % 60).padStart(2, "0")}`, at };
}
