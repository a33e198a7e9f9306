import type { ConnectionCheck, ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import type { ModelList } from "../gateway-client/lenient-schemas.ts";
import type { CapabilityStore } from "./capability-store.ts";
import { listedKindsOf, testModelsOf } from "./listed-kinds.ts";
import { imageInputOf, toolInputOf } from "./model-modalities.ts";

const notOffered = (error: unknown) =>
  error instanceof GatewayError && (error.code === "NOT_OFFERED" || error.status === 404 || error.status === 405);

/**
 * Finds out what a profile's server offers (on save and on Test connection): its model list where
 * it has `/v1/models`, and whether it has a balance endpoint. The other features are learnt on
 * first use, from the answers themselves (capability-fetch.ts).
 */
export class CapabilityService {
  private readonly store: CapabilityStore;
  private readonly clientFor: (profileId: string) => GatewayClient;
  private readonly chatModelOf: (profileId: string) => string;
  private readonly onModelList: (profileId: string, list: ModelList) => void;
  private readonly detecting = new Map<string, Promise<void>>();

  constructor(
    store: CapabilityStore,
    clientFor: (profileId: string) => GatewayClient,
    chatModelOf: (profileId: string) => string,
    onModelList: (profileId: string, list: ModelList) => void = () => undefined,
  ) {
    this.store = store;
    this.clientFor = clientFor;
    this.chatModelOf = chatModelOf;
    this.onModelList = onModelList;
  }

  /**
   * What is known; a server never checked, or whose list was recorded before the kinds it gives were
   * kept, is asked in the background (the answer arrives as an event).
   */
  get(profileId: string): ServerCapabilities {
    const capabilities = this.store.get(profileId);
    const kindsUnread = capabilities.models !== null && capabilities.modelKinds === undefined;
    if (capabilities.checkedAt === null || kindsUnread) void this.detect(profileId);
    return capabilities;
  }

  /** After a profile is saved: forget the old server's answers and ask the new one. Never throws. */
  async redetect(profileId: string): Promise<void> {
    this.store.forget(profileId);
    await this.detect(profileId);
  }

  /** Resolves once the profile's server has been asked at least once (its published prices are known then). */
  async ready(profileId: string): Promise<void> {
    if (this.store.get(profileId).checkedAt === null) await this.detect(profileId);
  }

  /**
   * Waits at most `ms` for the server's answers when they are being asked for (a profile just saved or
   * chosen): what can wait a moment for them, but neither on a server that hangs nor for a new asking.
   */
  async readyWithin(profileId: string, ms: number): Promise<void> {
    const running = this.detecting.get(profileId);
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    await Promise.race([running, limit]);
    clearTimeout(timer);
  }

  private detect(profileId: string): Promise<void> {
    const running = this.detecting.get(profileId);
    if (running) return running;
    const detection = (async () => {
      try {
        // The balance answer is recorded by capability-fetch; a profile without a key fails here, quietly.
        await Promise.allSettled([this.modelList(profileId), (async () => this.clientFor(profileId).getBalance())()]);
      } finally {
        this.detecting.delete(profileId);
      }
    })();
    this.detecting.set(profileId, detection);
    return detection;
  }

  /** Test connection: the balance where offered, else the model list, else a one-token chat. */
  async check(profileId: string): Promise<ConnectionCheck> {
    const client = this.clientFor(profileId);
    const started = performance.now();
    const done = (check: Omit<ConnectionCheck, "latencyMs">): ConnectionCheck => ({
      ...check,
      latencyMs: Math.round(performance.now() - started),
    });
    const none = { keyName: null, balance: null, currency: null, models: null };
    try {
      const { data, meta } = await client.getBalance();
      void this.modelList(profileId).catch(() => undefined);
      return done({
        ...none,
        via: "balance",
        keyName: data.api_key.name,
        balance: data.balance,
        currency: data.currency,
        requestId: meta.requestId,
      });
    } catch (error) {
      if (!notOffered(error)) throw error;
    }
    const models = await this.modelList(profileId);
    if (models) return done({ ...none, via: "models", models: models.ids.length, requestId: models.requestId });
    const { meta } = await client.chatCompletion({
      model: this.chatModelOf(profileId),
      messages: [{ role: "user", content: "ping" }],
      max_tokens: 1,
    });
    return done({ ...none, via: "chat", requestId: meta.requestId });
  }

  /** The server's model list, recorded; null (and recorded as absent) where it has none. */
  private async modelList(profileId: string): Promise<{ ids: string[]; requestId: string | null } | null> {
    try {
      const { data, meta } = await this.clientFor(profileId).listModels();
      const ids = [...new Set(data.data.map((model) => model.id))].sort();
      this.store.models(profileId, { codes: ids, kinds: listedKindsOf(data), testModels: testModelsOf(data) });
      this.store.learn(profileId, "imageInput", imageInputOf(data));
      this.store.learn(profileId, "toolInput", toolInputOf(data));
      this.onModelList(profileId, data);
      return { ids, requestId: meta.requestId };
    } catch (error) {
      if (!notOffered(error)) throw error;
      this.store.models(profileId, null);
      return null;
    }
  }
}
