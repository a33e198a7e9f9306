import type { ApiKeyRecord } from "./accounts.ts";
import { rateLimited } from "./http-error.ts";
import { SlidingWindow } from "./sliding-window.ts";

interface RateLimitState {
  readonly limit: number;
  readonly remaining: number;
  /** Until every request now counted has left the window (OpenAI's `x-ratelimit-reset-requests`). */
  readonly resetMs: number;
}

/** RPM and TPM per key over a sliding window. */
export class RateLimiter {
  private readonly requests: SlidingWindow;
  private readonly tokens: SlidingWindow;

  constructor(windowMs: number) {
    this.requests = new SlidingWindow(windowMs);
    this.tokens = new SlidingWindow(windowMs);
  }

  /** Counts one request against the key's RPM, or throws 429 without counting it. */
  admitRequest(key: ApiKeyRecord, now: number): RateLimitState {
    const used = this.requests.used(key.id, now);
    if (used >= key.rpm) {
      const waitMs = this.requests.waitFor(key.id, now, 1, key.rpm);
      throw rateLimited(
        `Rate limit of ${key.rpm} requests per minute reached for this API key.`,
        key.rpm,
        0,
        waitMs / 1000,
      );
    }
    this.requests.record(key.id, now);
    const resetMs = this.requests.waitFor(key.id, now, key.rpm, key.rpm);
    return { limit: key.rpm, remaining: key.rpm - used - 1, resetMs };
  }

  /** The key's tokens this minute (OpenAI's `x-ratelimit-limit-tokens` and `-remaining-tokens`). */
  tokenState(key: ApiKeyRecord, now: number): { readonly limit: number; readonly remaining: number } {
    return { limit: key.tpm, remaining: Math.max(0, key.tpm - this.tokens.used(key.id, now)) };
  }

  /** Throws 429 when `promptTokens` would take the key past its TPM. */
  checkTokens(key: ApiKeyRecord, promptTokens: number, now: number): void {
    const used = this.tokens.used(key.id, now);
    if (used + promptTokens > key.tpm) {
      const waitMs = this.tokens.waitFor(key.id, now, Math.min(promptTokens, key.tpm), key.tpm);
      throw rateLimited(
        `Token rate limit of ${key.tpm} tokens per minute reached for this API key.`,
        key.tpm,
        key.tpm - used,
        waitMs / 1000,
      );
    }
  }

  recordTokens(key: ApiKeyRecord, tokens: number, now: number): void {
    this.tokens.record(key.id, now, tokens);
  }
}
