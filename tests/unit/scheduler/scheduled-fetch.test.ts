import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeadroomTracker } from "../../../electron/services/scheduler/rate-headroom.ts";
import { RequestScheduler } from "../../../electron/services/scheduler/request-scheduler.ts";
import { priorityOf, scheduledFetch, scopeOf } from "../../../electron/services/scheduler/scheduled-fetch.ts";
import { onWait } from "../../../electron/services/scheduler/wait-notices.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

const GATEWAY = "http://gateway.test";
const TASK = `${GATEWAY}/v1/tasks/task_1`;
const CHAT = `${GATEWAY}/v1/chat/completions`;

/** A gateway stand-in: answers each request with `answer()`, recording what was sent and when (fake ms). */
function gateway(answer: () => Response | Promise<Response> = () => new Response("{}")) {
  const sent: { url: string; at: number }[] = [];
  const baseFetch = vi.fn(async (input: RequestInfo | URL) => {
    sent.push({ url: String(input), at: Date.now() });
    return answer();
  });
  return { sent, baseFetch: baseFetch as unknown as typeof fetch };
}

/** A key whose limit the gateway has told, so requests are not sent one at a time. */
function knownKey(rpm: number): RequestScheduler {
  const scheduler = new RequestScheduler(rpm);
  scheduler.observe(null);
  return scheduler;
}

describe("a fetch through the key's scheduler", () => {
  it.each<{ when: string; headers: Record<string, string>; pausedMs: number }>([
    { when: "a 429's Retry-After of 3 s", headers: { "retry-after": "3" }, pausedMs: 3_000 },
    { when: "a second after a 429 that says no Retry-After", headers: {}, pausedMs: 1_000 },
  ])("pauses the key's next request for $when", async ({ headers, pausedMs }) => {
    let answer = new Response("", { status: 429, headers });
    const { sent, baseFetch } = gateway(() => answer);
    const send = scheduledFetch(knownKey(60), baseFetch);
    await send(CHAT, { method: "POST" });
    answer = new Response("{}");
    void send(CHAT, { method: "POST" });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.map(({ at }) => at)).toEqual([0, pausedMs]);
  });

  it("pauses only the kind of call a 429 answered: the balance and a task read go on, the next chat waits", async () => {
    let answer = new Response("", { status: 429, headers: { "retry-after": "30" } });
    const { sent, baseFetch } = gateway(() => answer);
    const send = scheduledFetch(knownKey(60), baseFetch);
    await send(CHAT, { method: "POST" });
    answer = new Response("{}");
    void send(CHAT, { method: "POST" });
    await vi.advanceTimersByTimeAsync(1_000);
    await send(`${GATEWAY}/v1/balance`);
    await send(TASK);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent.map(({ url, at }) => [url.slice(GATEWAY.length), at])).toEqual([
      ["/v1/chat/completions", 0],
      ["/v1/balance", 1_000],
      ["/v1/tasks/task_1", 1_000],
      ["/v1/chat/completions", 30_000],
    ]);
  });

  it("does not pause the key after an answer that is not a 429", async () => {
    const { sent, baseFetch } = gateway(() => new Response("{}", { headers: { "retry-after": "3" } }));
    const send = scheduledFetch(knownKey(60), baseFetch);
    await send(CHAT, { method: "POST" });
    await send(CHAT, { method: "POST" });
    expect(sent.map(({ at }) => at)).toEqual([0, 0]);
  });

  it("counts a request from when its answer arrived", async () => {
    const { sent, baseFetch } = gateway(async () => {
      // The answer takes 5 s to come.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return new Response("{}");
    });
    const send = scheduledFetch(knownKey(1), baseFetch);
    const first = send(CHAT, { method: "POST" });
    await vi.advanceTimersByTimeAsync(5_000);
    await first;
    void send(CHAT, { method: "POST" });
    await vi.advanceTimersByTimeAsync(70_000);
    expect(sent.map(({ at }) => at)).toEqual([0, 66_000]);
  });

  it("lets the next request go to a new key when the first gets no answer at all", async () => {
    let fail = true;
    const { sent, baseFetch } = gateway(() => {
      if (fail) throw new TypeError("fetch failed");
      return new Response("{}");
    });
    const send = scheduledFetch(new RequestScheduler(60), baseFetch);
    await expect(send(CHAT, { method: "POST" })).rejects.toThrow("fetch failed");
    fail = false;
    await send(CHAT, { method: "POST" });
    expect(sent).toHaveLength(2);
  });

  it("frees the minute when the gateway says its request window is whole again", async () => {
    const { sent, baseFetch } = gateway(
      () =>
        new Response("{}", {
          headers: { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "0", "x-ratelimit-reset-requests": "5s" },
        }),
    );
    const send = scheduledFetch(knownKey(2), baseFetch);
    await send(CHAT, { method: "POST" });
    void send(CHAT, { method: "POST" });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.map(({ at }) => at)).toEqual([0, 5_000]);
  });

  it("tells the key's headroom what the gateway said about its limits", async () => {
    const { baseFetch } = gateway(
      () => new Response("{}", { headers: { "x-ratelimit-limit": "60", "x-ratelimit-remaining": "42" } }),
    );
    const headroom = new HeadroomTracker();
    await scheduledFetch(knownKey(60), baseFetch, headroom)(CHAT, { method: "POST" });
    expect(headroom.view(0, null).requests).toEqual({ limit: 60, remaining: 42 });
  });

  it("sends a plain fetch with no options, read as a GET", async () => {
    const { sent, baseFetch } = gateway();
    await scheduledFetch(knownKey(60), baseFetch)(TASK);
    expect(sent).toEqual([{ url: TASK, at: 0 }]);
  });

  it("lets a user call go ahead of a task read held before it (a read without a method is a GET)", async () => {
    const { sent, baseFetch } = gateway();
    const send = scheduledFetch(knownKey(1), baseFetch);
    await send(CHAT, { method: "POST" });
    void send(TASK, {});
    void send(CHAT, { method: "POST" });
    await vi.advanceTimersByTimeAsync(3 * 61_000);
    expect(sent.map(({ url }) => url)).toEqual([CHAT, CHAT, TASK]);
  });

  it("drops a held request when its caller aborts, and tells the caller how long it is held", async () => {
    const { sent, baseFetch } = gateway();
    const send = scheduledFetch(knownKey(1), baseFetch);
    await send(CHAT, { method: "POST" });
    const controller = new AbortController();
    const told: number[] = [];
    onWait(controller.signal, (until) => told.push(until));
    const held = send(CHAT, { method: "POST", signal: controller.signal });
    expect(told).toEqual([61_000]);
    controller.abort(new Error("stopped"));
    await expect(held).rejects.toThrow("stopped");
    await vi.advanceTimersByTimeAsync(70_000);
    expect(sent).toHaveLength(1);
  });
});

describe("which requests are background polls", () => {
  it("is reading a task or the balance, also from a gateway served under a path of its own", () => {
    expect(priorityOf("GET", "https://host/gateway/v1/tasks/task_1")).toBe("poll");
    expect(priorityOf("GET", "https://host/gateway/v1/balance")).toBe("poll");
  });

  it("is not anything under a task, nor a task read by another method", () => {
    expect(priorityOf("GET", `${TASK}/content`)).toBe("user");
    expect(priorityOf("DELETE", TASK)).toBe("user");
    expect(priorityOf("GET", `${GATEWAY}/v1/models`)).toBe("user");
  });
});

describe("the kind of call a Retry-After pauses", () => {
  it("is a task's or video's poll, the balance, or the method and path after /v1/, under a path of its own too", () => {
    expect(scopeOf("GET", "https://host/gateway/v1/tasks/task_1")).toBe("poll");
    expect(scopeOf("GET", "https://host/v1/video/generations/task_2")).toBe("poll");
    expect(scopeOf("GET", "https://host/gateway/v1/balance")).toBe("balance");
    expect(scopeOf("POST", "https://host/gateway/v1/chat/completions")).toBe("POST chat/completions");
    expect(scopeOf("POST", "https://host/v1/messages")).toBe("POST messages");
    expect(scopeOf("GET", "https://host/v1/models")).toBe("GET models");
    expect(scopeOf("POST", "https://host/v1/balance")).toBe("POST balance");
    expect(scopeOf("GET", "https://host/health")).toBe("GET ");
  });
});
