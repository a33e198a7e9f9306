import type { DatabaseSync } from "node:sqlite";
import type { InFlight } from "../common/in-flight.ts";
import type { AccountDirectory, ApiKeyRecord } from "./accounts.ts";
import type { Billing } from "./billing.ts";
import type { GatewayConfig } from "./config.ts";
import type { ModelRegistry } from "./model-registry.ts";
import type { Pacing } from "./pacing.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import type { HelpSearch } from "./search/help-search.ts";
import type { MediaStore } from "./media/media-store.ts";
import type { RenderPool } from "./media/render-pool.ts";
import type { SimulatedTaskRunner } from "./tasks/simulated-task-runner.ts";
import type { VideoAdmission } from "./tasks/video-admission.ts";

/** Everything a route needs, built once per gateway. */
export interface GatewayContext {
  readonly config: GatewayConfig;
  readonly db: DatabaseSync;
  readonly accounts: AccountDirectory;
  readonly billing: Billing;
  readonly rateLimiter: RateLimiter;
  readonly videoAdmission: VideoAdmission;
  readonly models: ModelRegistry;
  readonly pacing: Pacing;
  readonly search: HelpSearch;
  readonly media: MediaStore;
  /** The worker threads that render pictures and clips. */
  readonly renders: RenderPool;
  /** The worker thread that checks that reference images decode. */
  readonly referenceChecks: RenderPool;
  readonly tasks: SimulatedTaskRunner;
  /** Text replies still being delivered or settled: closing waits for them, so each charge is written. */
  readonly deliveries: InFlight;
  /** `http://127.0.0.1:PORT`, known once the server listens. */
  origin(): string;
  now(): number;
}

declare module "fastify" {
  interface FastifyRequest {
    apiKey: ApiKeyRecord;
  }
}
