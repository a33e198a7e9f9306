import { InFlight } from "../common/in-flight.ts";
import { AccountDirectory, seedAccounts } from "./accounts.ts";
import { Billing } from "./billing.ts";
import { parseGatewayConfig, type GatewayConfigInput } from "./config.ts";
import { openGatewayDatabase } from "./database.ts";
import type { GatewayContext } from "./gateway-context.ts";
import { MediaStore } from "./media/media-store.ts";
import { ModelRegistry } from "./model-registry.ts";
import { Pacing } from "./pacing.ts";
import { RateLimiter } from "./rate-limiter.ts";
import { RenderPool } from "./media/render-pool.ts";
import { HelpSearch } from "./search/help-search.ts";
import type { ModelKind, ModelsByKind } from "../../shared/ipc/profiles.ts";
import { buildServer } from "./server.ts";
import { SimulatedTaskRunner } from "./tasks/simulated-task-runner.ts";
import { VideoAdmission } from "./tasks/video-admission.ts";

export type { GatewayConfigInput } from "./config.ts";

interface StartOptions {
  /** 0 picks any free port. */
  readonly port?: number;
  readonly dataDir: string;
  readonly config?: GatewayConfigInput;
}

export interface RunningGateway {
  /** `http://127.0.0.1:PORT`: the spec's `{base_url}`. */
  readonly url: string;
  /** The generated key when the config defines no keys, else null. */
  readonly demoKey: string | null;
  /** The key a client on this machine uses by default: the demo key, or else the first configured key. */
  readonly defaultKey: string;
  /** The codes it offers, by kind: what a client on this machine suggests. */
  readonly modelsByKind: ModelsByKind;
  close(): Promise<void>;
}

/** Starts the local gateway on 127.0.0.1 with its state under `dataDir`. */
export async function start({ port = 0, dataDir, config: input = {} }: StartOptions): Promise<RunningGateway> {
  const config = parseGatewayConfig(input);
  const db = openGatewayDatabase(dataDir);
  const { demoKey } = seedAccounts(db, config);
  const defaultKey = demoKey ?? config.keys[0]?.key;
  if (defaultKey === undefined) throw new Error("the gateway has no key to offer");
  const accounts = new AccountDirectory(db);
  const billing = new Billing(db, accounts, config.utcOffset);
  const pacing = new Pacing(config.timeScale, config.tokensPerSecond, config.firstTokenDelayMs);
  const media = new MediaStore(dataDir, db);
  const renders = new RenderPool();
  // A worker of their own: an image-to-video submission is answered without waiting for a render.
  const referenceChecks = new RenderPool({ size: 1 });
  const now = () => Date.now();
  const deliveries = new InFlight();
  const tasks = new SimulatedTaskRunner({ db, billing, media, renders, pacing, config, dataDir, now });
  let origin = "";
  const ctx: GatewayContext = {
    config,
    db,
    accounts,
    billing,
    rateLimiter: new RateLimiter(config.rateLimitWindowSeconds * 1000),
    videoAdmission: new VideoAdmission(db, config),
    models: new ModelRegistry(config.models),
    pacing,
    search: new HelpSearch(),
    media,
    renders,
    referenceChecks,
    tasks,
    deliveries,
    origin: () => origin,
    now,
  };
  const app = await buildServer(ctx);
  await app.listen({ host: "127.0.0.1", port });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the gateway is not listening on TCP");
  origin = `http://127.0.0.1:${address.port}`;
  const codesOf = (kind: ModelKind) =>
    config.models.filter((model) => model.kind === kind && model.online).map(({ code }) => code);
  tasks.start();
  return {
    url: origin,
    demoKey,
    defaultKey,
    modelsByKind: {
      chat: codesOf("chat"),
      search: codesOf("search"),
      image: codesOf("image"),
      video: codesOf("video"),
    },
    async close() {
      const tasksStopped = tasks.stop();
      // Cuts the render in progress short: its task stays processing and renders after a restart.
      await Promise.all([renders.close(), referenceChecks.close()]);
      await tasksStopped;
      // Cuts the connections, so the replies still streaming end and settle what they delivered.
      await app.close();
      await deliveries.drained();
      db.close();
    },
  };
}
