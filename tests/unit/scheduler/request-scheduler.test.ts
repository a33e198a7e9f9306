import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequestScheduler } from "../../../electron/services/scheduler/request-scheduler.ts";
import { priorityOf } from "../../../electron/services/scheduler/scheduled-fetch.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Acquires `count` slots of `priority`, recording when each was granted (fake ms). */
function requests(
  scheduler: RequestScheduler,
  count: number,
  priority: "user" | "poll",
  grantedAt: { priority: string; at: number }[],
) {
  for (let i = 0; i < count; i++)
    void scheduler.acquire(priority).then(() => grantedAt.push({ priority, at: Date.now() }));
}

describe("the request scheduler", () => {
  it("never grants more than the RPM in any 60-second window, however many wait", async () => {
    const scheduler = new RequestScheduler(10);
    scheduler.observe(null);
    const granted: { priority: string; at: number }[] = [];
    requests(scheduler, 50, "poll", granted);
    await vi.advanceTimersByTimeAsync(5 * 61_000);
    expect(granted).toHaveLength(50);
    for (const { at } of granted) {
      expect(granted.filter((other) => other.at > at - 60_000 && other.at <= at).length).toBeLessThanOrEqual(10);
    }
  });

  it("says when the first request it holds back may go out: a place in the minute, after any pause", async () => {
    const scheduler = new RequestScheduler(2);
    scheduler.observe(null);
    expect(scheduler.firstHeldSendsAt()).toBeNull();
    requests(scheduler, 3, "user", []);
    await vi.advanceTimersByTimeAsync(10_000);
    // The oldest of the minute's two requests leaves the window 61 s after it went out, at 0.
    expect(scheduler.firstHeldSendsAt()).toBe(61_000);
    scheduler.observe(null, 90);
    expect(scheduler.firstHeldSendsAt()).toBe(100_000);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(scheduler.firstHeldSendsAt()).toBeNull();
  });

  it("says the earliest send of the requests it holds, whatever kind of call is paused longest", async () => {
    const scheduler = new RequestScheduler(10);
    scheduler.observe(null);
    scheduler.observe(null, 90, undefined, "POST chat/completions");
    scheduler.observe(null, 20, undefined, "balance");
    void scheduler.acquire("user", undefined, undefined, "POST chat/completions");
    void scheduler.acquire("poll", undefined, undefined, "balance");
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.firstHeldSendsAt()).toBe(20_000);
    // A call of another kind goes at once, past both.
    let granted = false;
    void scheduler.acquire("user", undefined, undefined, "POST images/generations").then(() => (granted = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toBe(true);
  });

  it("gives no time for a request held until the answer that tells the key's limit", async () => {
    const scheduler = new RequestScheduler(5);
    requests(scheduler, 2, "user", []);
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.waiting).toBe(1);
    expect(scheduler.firstHeldSendsAt()).toBeNull();
  });

  it("tells how many requests its key could still send this minute, and when more than half of it is spent", async () => {
    const scheduler = new RequestScheduler(10);
    scheduler.observe(null);
    expect(scheduler.freeSlots()).toBe(10);
    requests(scheduler, 3, "poll", []);
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.freeSlots()).toBe(7);
    expect(scheduler.busy()).toBe(false);
    // Exactly half spent is not yet busy; one more is.
    requests(scheduler, 2, "poll", []);
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.busy()).toBe(false);
    requests(scheduler, 1, "poll", []);
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.busy()).toBe(true);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(scheduler.freeSlots()).toBe(10);
    expect(scheduler.busy()).toBe(false);
  });

  it("serves user calls before waiting polls", async () => {
    const scheduler = new RequestScheduler(2);
    scheduler.observe(null);
    const granted: { priority: string; at: number }[] = [];
    requests(scheduler, 2, "poll", granted);
    await vi.advanceTimersByTimeAsync(0);
    requests(scheduler, 3, "poll", granted);
    requests(scheduler, 1, "user", granted);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(granted.map((grant) => grant.priority)).toEqual(["poll", "poll", "user", "poll"]);
  });

  it("pauses every request for Retry-After", async () => {
    const scheduler = new RequestScheduler(100);
    scheduler.observe(null, 7);
    const granted: { priority: string; at: number }[] = [];
    requests(scheduler, 1, "user", granted);
    await vi.advanceTimersByTimeAsync(6_999);
    expect(granted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toEqual([{ priority: "user", at: 7_000 }]);
  });

  it("takes the gateway's X-RateLimit values as the truth when another client uses the key", async () => {
    const scheduler = new RequestScheduler(60);
    await scheduler.acquire("user");
    scheduler.observe({ limit: 5, remaining: 1 });
    const granted: { priority: string; at: number }[] = [];
    requests(scheduler, 2, "user", granted);
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted).toHaveLength(1);
    scheduler.setRpm(60);
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted).toHaveLength(1);
  });

  it("drops a waiting request when its caller aborts", async () => {
    const scheduler = new RequestScheduler(1);
    await scheduler.acquire("user");
    const controller = new AbortController();
    const waiting = scheduler.acquire("poll", controller.signal);
    controller.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    expect(scheduler.waiting).toBe(0);
  });

  it("tells polls from user calls by endpoint", () => {
    expect(priorityOf("GET", "http://g/v1/tasks/task_1")).toBe("poll");
    expect(priorityOf("GET", "http://g/v1/video/generations/task_1")).toBe("poll");
    expect(priorityOf("POST", "http://g/v1/tasks/task_1/cancel")).toBe("user");
    expect(priorityOf("POST", "http://g/v1/video/generations")).toBe("user");
    expect(priorityOf("GET", "http://g/v1/balance")).toBe("poll");
  });

  it("sends one request at a time to a key until the gateway has answered once", async () => {
    const scheduler = new RequestScheduler(60);
    const granted: { priority: string; at: number }[] = [];
    requests(scheduler, 4, "user", granted);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(granted).toHaveLength(1);
    scheduler.unanswered();
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toHaveLength(2);
    scheduler.observe({ limit: 3, remaining: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toHaveLength(3);
  });

  it("tells a held request when it is expected to go out", async () => {
    const scheduler = new RequestScheduler(2);
    scheduler.observe(null);
    await vi.advanceTimersByTimeAsync(1_000);
    requests(scheduler, 2, "user", []);
    await vi.advanceTimersByTimeAsync(0);
    const told: number[] = [];
    void scheduler.acquire("user", undefined, (until) => told.push(until));
    expect(told).toEqual([62_000]);
    scheduler.observe(null, 90);
    expect(told).toEqual([62_000, 91_000]);
  });

  it("frees counted requests when the gateway says its window is whole again sooner", async () => {
    const scheduler = new RequestScheduler(60);
    scheduler.observe(null);
    const granted: { priority: string; at: number }[] = [];
    requests(scheduler, 3, "user", granted);
    await vi.advanceTimersByTimeAsync(0);
    scheduler.observe({ limit: 3, remaining: 0 }, undefined, 8_000);
    requests(scheduler, 1, "user", granted);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(granted).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(granted).toHaveLength(4);
  });

  it("counts a request from when the gateway answered it, so a slow send cannot free its slot early", async () => {
    const scheduler = new RequestScheduler(1);
    scheduler.observe(null);
    const first = await scheduler.acquire("user");
    // The machine is busy: the request reaches the gateway, and is answered, 5 s after it was let out.
    await vi.advanceTimersByTimeAsync(5_000);
    scheduler.answered(first);
    const granted: { priority: string; at: number }[] = [];
    requests(scheduler, 1, "user", granted);
    await vi.advanceTimersByTimeAsync(57_000);
    expect(granted).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(granted).toEqual([{ priority: "user", at: 66_000 }]);
  });
});
