import type { FastifyReply, FastifyRequest } from "fastify";
import type { GatewayContext } from "./gateway-context.ts";
import { GatewayHttpError } from "./http-error.ts";

/** Reads the key from `x-api-key` or `Authorization: Bearer`. */
function presentedKey(headers: FastifyRequest["headers"]): string | null {
  const apiKey = headers["x-api-key"];
  if (typeof apiKey === "string" && apiKey.trim() !== "") return apiKey.trim();
  const authorization = headers.authorization;
  const match = typeof authorization === "string" ? /^Bearer\s+(.+)$/i.exec(authorization.trim()) : null;
  return match?.[1]?.trim() ?? null;
}

/**
 * Whether a request needs a key, judged on the route the router matched: it decodes escapes, so
 * `/%761/balance` reaches `/v1/balance` and must be checked as such. An unmatched target is judged
 * as sent, so an unknown `/v1/…` path still answers 401 before 404.
 */
function isApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith("/v1/");
}

/** The `onRequest` hook of every `/v1` route: the key, then its RPM; sets `request.apiKey`. */
export function apiKeyCheck(ctx: GatewayContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!isApiRequest(request)) return;
    const presented = presentedKey(request.headers);
    const key = presented ? ctx.accounts.findByKey(presented) : null;
    if (!key) {
      throw new GatewayHttpError(
        401,
        "UNAUTHORIZED",
        presented ? "The API key is invalid or has expired." : "No API key was provided.",
      );
    }
    request.apiKey = key;
    const limit = ctx.rateLimiter.admitRequest(key, ctx.now());
    reply.header("x-ratelimit-limit", String(limit.limit));
    reply.header("x-ratelimit-remaining", String(limit.remaining));
    reply.header("x-ratelimit-reset-requests", `${(limit.resetMs / 1000).toFixed(3)}s`);
    const tokens = ctx.rateLimiter.tokenState(key, ctx.now());
    reply.header("x-ratelimit-limit-tokens", String(tokens.limit));
    reply.header("x-ratelimit-remaining-tokens", String(tokens.remaining));
  };
}
