import { setTimeout as sleep } from "node:timers/promises";
import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "./gateway-error.ts";

/** A 429 is sent again by itself at most this many times in a row. */
export const MAX_RATE_LIMIT_RETRIES = 5;
/**
 * The longest Retry-After the app waits out by itself (5 minutes): a longer one is said to the
 * user instead, and never pauses the key for longer.
 */
export const MAX_RETRY_AFTER_S = 300;
/** How long to wait when a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_S = 1;

export interface RateLimitWait {
  /** The 429 being waited out. */
  readonly error: GatewayError;
  readonly seconds: number;
  /** Epoch milliseconds at which the request is sent again. */
  readonly until: number;
}

interface RateLimitRetryOptions {
  /** Stops a wait at once; the abort is thrown to the caller. */
  readonly signal?: AbortSignal | undefined;
  /** Whether this 429 may be sent again at all, e.g. not once part of a reply has arrived. */
  readonly mayRetry?: () => boolean;
  readonly onWait?: (wait: RateLimitWait) => void;
  readonly onResume?: () => void;
  readonly maxRetries?: number;
  readonly delay?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  readonly now?: () => number;
}

const realDelay = async (ms: number, signal: AbortSignal | undefined): Promise<void> => {
  await sleep(ms, undefined, signal ? { signal } : {});
};

/**
 * Sends a request, and sends it again only after an HTTP 429, once its Retry-After has passed: a
 * 429 is the gateway's refusal before accepting anything, so nothing was charged. Any other
 * failure, an error answer or no answer at all, is thrown as it is: the gateway may have accepted
 * the request, and a resend could be paid twice.
 */
export async function withRateLimitRetry<T>(send: () => Promise<T>, options: RateLimitRetryOptions = {}): Promise<T> {
  const maxRetries = options.maxRetries ?? MAX_RATE_LIMIT_RETRIES;
  const delay = options.delay ?? realDelay;
  const now = options.now ?? Date.now;
  for (let retries = 0; ; retries++) {
    try {
      return await send();
    } catch (error) {
      if (!isRateLimitRefusal(error) || retries >= maxRetries || options.mayRetry?.() === false) throw error;
      const seconds = error.retryAfter ?? DEFAULT_RETRY_AFTER_S;
      if (seconds > MAX_RETRY_AFTER_S) throw waitTooLong(error, seconds);
      options.onWait?.({ error, seconds, until: now() + seconds * 1000 });
      await delay(seconds * 1000, options.signal);
      options.onResume?.();
    }
  }
}

function waitTooLong(refusal: GatewayError, seconds: number): GatewayError {
  return new GatewayError({
    code: "RETRY_AFTER_TOO_LONG",
    text: codedText("RETRY_AFTER_TOO_LONG", { seconds: Math.round(seconds), limit: MAX_RETRY_AFTER_S }),
    status: refusal.status,
    requestId: refusal.requestId,
    retryAfter: seconds,
    rateLimit: refusal.rateLimit,
  });
}

function isRateLimitRefusal(error: unknown): error is GatewayError {
  return error instanceof GatewayError && error.status === 429;
}
