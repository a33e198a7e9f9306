import type { GatewayErrorCode } from "../../shared/gateway-api/errors.ts";

/** An error answered with the spec's error body; `headers` carry Retry-After and the rate-limit values. */
export class GatewayHttpError extends Error {
  readonly status: number;
  readonly code: GatewayErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: GatewayErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "GatewayHttpError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const invalidParams = (message: string) => new GatewayHttpError(400, "INVALID_PARAMS", message);

export function rateLimited(message: string, limit: number, remaining: number, retryAfterSeconds: number) {
  return new GatewayHttpError(429, "RATE_LIMIT", message, {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(Math.max(0, remaining)),
    "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}
