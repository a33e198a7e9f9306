import { responseMeta, retryAfterSeconds } from "../gateway-client/response-meta.ts";
import type { HeadroomTracker } from "./rate-headroom.ts";
import type { RequestPriority, RequestScheduler } from "./request-scheduler.ts";
import { tellWait } from "./wait-notices.ts";

/**
 * Reading a task or the balance runs in the background; anything else was asked for by the user.
 * The path is matched at its end: a gateway may be served under a path of its own (`https://host/gateway`).
 */
export function priorityOf(method: string, url: string): RequestPriority {
  const { pathname } = new URL(url);
  const background = /\/v1\/(tasks\/[^/]+|video\/generations\/[^/]+|balance)$/.test(pathname);
  return method === "GET" && background ? "poll" : "user";
}

/**
 * The kind of call a request is, as a Retry-After pauses it: its path after `/v1/` up to an id
 * (`chat/completions`, `images/generations`, `balance`; a task's or video's poll is `poll`).
 */
export function scopeOf(method: string, url: string): string {
  if (priorityOf(method, url) === "poll") {
    return /\/v1\/balance$/.test(new URL(url).pathname) ? "balance" : "poll";
  }
  const path = /\/v1\/(.*)$/.exec(new URL(url).pathname)?.[1] ?? "";
  return `${method} ${path}`;
}

/** A fetch that waits for the key's scheduler before sending and tells it what the gateway answered. */
export function scheduledFetch(
  scheduler: RequestScheduler,
  baseFetch: typeof fetch,
  headroom?: HeadroomTracker,
): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const signal = init?.signal ?? undefined;
    const method = init?.method ?? "GET";
    const scope = scopeOf(method, url);
    const grant = await scheduler.acquire(priorityOf(method, url), signal, (until) => tellWait(signal, until), scope);
    let response: Response;
    try {
      response = await baseFetch(input, init);
    } catch (error) {
      scheduler.unanswered(grant);
      throw error;
    }
    scheduler.answered(grant);
    const meta = responseMeta(response);
    headroom?.observe(meta.rateLimit, meta.tokenLimit);
    scheduler.observe(
      meta.rateLimit,
      response.status === 429 ? (retryAfterSeconds(response) ?? 1) : undefined,
      meta.rateLimitResetMs ?? undefined,
      scope,
    );
    return response;
  };
}
