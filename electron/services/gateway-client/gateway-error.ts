import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import { englishOf } from "../../../shared/text/app-texts.ts";
import type { RateLimitSnapshot } from "../../../shared/ipc/budget.ts";

/** Codes for failures that never reached a gateway answer. */

/**
 * What a proxy in front of the gateway answers when it lost the gateway's own answer (Bad Gateway,
 * Gateway Timeout): the request may have been accepted, and charged, all the same.
 */
export const MAY_HAVE_BEEN_ACCEPTED_STATUSES: readonly number[] = [502, 504];

interface GatewayErrorDetail {
  code: string;
  status?: number | undefined;
  requestId?: string | undefined;
  retryAfter?: number | undefined;
  rateLimit?: RateLimitSnapshot | null;
}

/**
 * Every way a gateway call can fail, with what the user needs to act on it. Its message is the
 * gateway's own words, or, where the app found the failure itself, the English of its coded `text`.
 */
export class GatewayError extends Error {
  readonly code: string;
  readonly text: CodedText | undefined;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;
  readonly rateLimit: RateLimitSnapshot | null;

  constructor(init: GatewayErrorDetail & ({ message: string } | { text: CodedText })) {
    super("text" in init ? englishOf(init.text) : init.message);
    this.name = "GatewayError";
    this.code = init.code;
    this.text = "text" in init ? init.text : undefined;
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.rateLimit = init.rateLimit ?? null;
  }

  /** Refused for the key's rate limit: not accepted, so not charged, and safe to send again later. */
  get rateLimited(): boolean {
    return this.status === 429 || this.code === "RATE_LIMIT";
  }

  toIpcError(): IpcError {
    return {
      code: this.code,
      message: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.requestId === undefined ? {} : { requestId: this.requestId }),
      ...(this.retryAfter === undefined ? {} : { retryAfter: this.retryAfter }),
      ...(this.text === undefined ? {} : { text: this.text }),
    };
  }
}
