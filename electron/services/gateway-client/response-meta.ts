import type { RateLimitSnapshot } from "../../../shared/ipc/budget.ts";

/** What every gateway answer says besides its body. */
export interface ResponseMeta {
  readonly status: number;
  readonly requestId: string | null;
  readonly rateLimit: RateLimitSnapshot | null;
  /** The key's tokens per minute, when the server says (OpenAI's `x-ratelimit-*-tokens`). */
  readonly tokenLimit: RateLimitSnapshot | null;
  /** Until the key's request window is whole again, when the server says (OpenAI's header). */
  readonly rateLimitResetMs: number | null;
}

function limitPair(headers: Headers, limitName: string, remainingName: string): RateLimitSnapshot | null {
  const limit = Number(headers.get(limitName));
  const remaining = Number(headers.get(remainingName));
  const present = headers.has(limitName) && headers.has(remainingName);
  return present && Number.isFinite(limit) && Number.isFinite(remaining) ? { limit, remaining } : null;
}

export function responseMeta(response: Response): ResponseMeta {
  return {
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? response.headers.get("request-id"),
    rateLimit: limitPair(response.headers, "x-ratelimit-limit", "x-ratelimit-remaining"),
    tokenLimit: limitPair(response.headers, "x-ratelimit-limit-tokens", "x-ratelimit-remaining-tokens"),
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
