import type { RateLimitSnapshot } from "../../../shared/ipc/budget.ts";

/** What every gateway answer says besides its body. */
export interface ResponseMeta {
  readonly status: number;
  readonly requestId: string | null;
  readonly rateLimit: RateLimitSnapshot | null;
}

export function responseMeta(response: Response): ResponseMeta {
  const limit = Number(response.headers.get("x-ratelimit-limit"));
  const remaining = Number(response.headers.get("x-ratelimit-remaining"));
  const hasRateLimit =
    response.headers.has("x-ratelimit-limit") && Number.isFinite(limit) && Number.isFinite(remaining);
  return {
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? response.headers.get("request-id"),
    rateLimit: hasRateLimit ? { limit, remaining } : null,
  };
}

/** Retry-After in seconds (either delta-seconds or an HTTP date). */
export function retryAfterSeconds(response: Response, now = Date.now()): number | undefined {
  const header = response.headers.get("retry-after");
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
