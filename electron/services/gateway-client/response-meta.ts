import type { RateLimitSnapshot } from "../../../shared/ipc/budget.ts";

/** What every gateway answer says besides its body. */
export interface ResponseMeta {
  readonly status: number;
  readonly requestId: string | null;
  readonly rateLimit: RateLimitSnapshot | null;
  /** Until the key's request window is whole again, when the server says (OpenAI's header). */
  readonly rateLimitResetMs: number | null;
}

export function responseMeta(response: Response): ResponseMeta {
  const limit = Number(response.headers.get("x-ratelimit-limit"));
  const remaining = Number(response.headers.get("x-ratelimit-remaining"));
  const hasRateLimit =
    response.headers.has("x-ratelimit-limit") &&
    response.headers.has("x-ratelimit-remaining") &&
    Number.isFinite(limit) &&
    Number.isFinite(remaining);
  return {
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? response.headers.get("request-id"),
    rateLimit: hasRateLimit ? { limit, remaining } : null,
    rateLimitResetMs: durationMs(response.headers.get("x-ratelimit-reset-requests")),
  };
}

/** Reads OpenAI's duration form: "20ms", "1.5s", "6m0s", "1h2m3s". */
export function durationMs(text: string | null): number | null {
  if (!text || !/^(\d+(\.\d+)?(ms|h|m|s))+$/.test(text.trim())) return null;
  const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, amount, , unit = ""] of text.trim().matchAll(/(\d+(\.\d+)?)(ms|h|m|s)/g)) {
    total += Number(amount) * (unitMs[unit] ?? 0);
  }
  return total;
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
