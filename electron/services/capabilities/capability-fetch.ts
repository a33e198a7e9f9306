import type { CapabilityStore } from "./capability-store.ts";
import { featureOf, isMissingEndpoint } from "../gateway-client/endpoint-features.ts";
import { serverErrorOf } from "../gateway-client/error-body.ts";
import { BODY_TIMEOUT_MS, MAX_ERROR_BODY_BYTES } from "../gateway-client/answer-limits.ts";
import { readBoundedJson } from "../gateway-client/bounded-body.ts";

/**
 * Learns what a server offers from the answers it gives anyway: a feature's endpoint that answers
 * is offered, one that answers 404 (not about a model) is missing. No extra requests.
 */
export function capabilityFetch(store: CapabilityStore, profileId: string, baseFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    const feature = featureOf(new URL(input instanceof Request ? input.url : String(input)).pathname);
    if (!feature || response.status === 401 || response.status === 403 || response.status === 429) return response;
    if (response.status === 404 || response.status === 405) {
      const body: unknown = await readBoundedJson(response.clone(), {
        maxBytes: MAX_ERROR_BODY_BYTES,
        timeoutMs: BODY_TIMEOUT_MS,
      }).catch(() => null);
      const missing = isMissingEndpoint(response.status, serverErrorOf(body)?.code ?? null);
      store.feature(profileId, feature, missing ? "missing" : "offered");
    } else if (response.status < 500) {
      store.feature(profileId, feature, "offered");
    }
    return response;
  };
}
