import { responseMeta, retryAfterSeconds } from "../gateway-client/response-meta.ts";
import type { RequestPriority, RequestScheduler } from "./request-scheduler.ts";

/** Reading a task is polling; anything else was asked for by the user. */
export function priorityOf(method: string, url: string): RequestPriority {
  const { pathname } = new URL(url);
  return method === "GET" && /^\/v1\/(tasks|video\/generations)\/[^/]+$/.test(pathname) ? "poll" : "user";
}

/** A fetch that waits for the key's scheduler before sending and tells it what the gateway answered. */
export function scheduledFetch(scheduler: RequestScheduler, baseFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    await scheduler.acquire(priorityOf(init?.method ?? "GET", url), init?.signal ?? undefined);
    const response = await baseFetch(input, init);
    scheduler.observe(
      responseMeta(response).rateLimit,
      response.status === 429 ? (retryAfterSeconds(response) ?? 1) : undefined,
    );
    return response;
  };
}
