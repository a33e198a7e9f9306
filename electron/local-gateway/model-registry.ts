import type { ApiKeyRecord } from "./accounts.ts";
import type { ModelConfig, ModelKind } from "./config.ts";
import { GatewayHttpError, invalidParams } from "./http-error.ts";

/** Looks a model code up for a request: it must exist, be online, be of the endpoint's kind and be allowed for the key. */
export class ModelRegistry {
  private readonly models: Map<string, ModelConfig>;

  constructor(models: readonly ModelConfig[]) {
    this.models = new Map(models.map((model) => [model.code, model]));
  }

  resolve(code: string, kind: ModelKind, key: ApiKeyRecord): ModelConfig {
    const model = this.models.get(code);
    if (!model || !model.online) {
      throw new GatewayHttpError(404, "MODEL_NOT_FOUND", `The model "${code}" does not exist or is offline.`);
    }
    if (key.models && !key.models.includes(code)) {
      throw new GatewayHttpError(403, "FORBIDDEN", `This API key is not allowed to use the model "${code}".`);
    }
    if (model.kind !== kind) {
      throw invalidParams(`model: "${code}" is a ${model.kind} model and cannot be used for ${kind} requests.`);
    }
    return model;
  }

  find(code: string): ModelConfig | undefined {
    return this.models.get(code);
  }

  /** The online models a key may use, in catalog order. */
  listFor(key: ApiKeyRecord): ModelConfig[] {
    return [...this.models.values()].filter(
      (model) => model.online && (!key.models || key.models.includes(model.code)),
    );
  }
}

/** The error a faulty model answers a synchronous request with. */
export function syncFaultError(model: ModelConfig): GatewayHttpError | null {
  if (model.fault === "upstream") {
    return new GatewayHttpError(502, "UPSTREAM_ERROR", `The upstream provider of "${model.code}" returned an error.`);
  }
  if (model.fault === "timeout") {
    return new GatewayHttpError(
      504,
      "GATEWAY_TIMEOUT",
      `The upstream provider of "${model.code}" did not answer in time.`,
    );
  }
  return null;
}
