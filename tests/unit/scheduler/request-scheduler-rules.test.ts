import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequestScheduler, type RequestPriority } from "../../../electron/services/scheduler/request-scheduler.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A scheduler whose limit the gateway has told (so requests are not sent one at a time). */
function knownKey(rpm: number): RequestScheduler {
  const scheduler = new RequestScheduler(rpm);
  scheduler.observe(null);
  return scheduler;
}

/** Queues named requests; `order` receives each name when it is granted, `at` the fake time of each grant. */
function ask(scheduler: RequestScheduler, requests: [name: string, priority: RequestPriority][]) {
  const order: string[] = [];
  const at: Record<string, number> = {};
  for (const [name, priority] of requests) {
    void scheduler.acquire(priority).then(() => {
      order.push(name);
      at[name] = Date.now();
    });
  }
  return { order, at };
}

describe("the order the scheduler grants in", () => {
  it("lets a user call jump queued polls, but not user calls queued before it, and keeps each kind first come first served", async () => {
    const scheduler = knownKey(1);
    await scheduler.acquire("poll");
    const { order } = ask(scheduler, [
      ["poll 1", "poll"],
      ["user 1", "user"],
      ["poll 2", "poll"],
      ["user 2", "user"],
      ["user 3", "user"],
    ]);
    await vi.advanceTimersByTimeAsync(6 * 61_000);
    expect(order).toEqual(["user 1", "user 2", "user 3", "poll 1", "poll 2"]);
  });

  it("goes out when the oldest counted request leaves the minute, even when a later grant was answered last", async () => {
    const scheduler = knownKey(2);
    const first = await scheduler.acquire("user");
    await scheduler.acquire("user");
    await vi.advanceTimersByTimeAsync(5_000);
    scheduler.answered(first);
    const { at } = ask(scheduler, [["third", "user"]]);
    await vi.advanceTimersByTimeAsync(70_000);
    // The second request left the window at 61 s; the first, answered at 5 s, only at 66 s.
    expect(at.third).toBe(61_000);
  });

  it("counts a request that got no answer from when it failed, as the gateway may have counted it by then", async () => {
    const scheduler = knownKey(1);
    const first = await scheduler.acquire("user");
    await vi.advanceTimersByTimeAsync(5_000);
    scheduler.unanswered(first);
    const { at } = ask(scheduler, [["next", "user"]]);
    await vi.advanceTimersByTimeAsync(70_000);
    expect(at.next).toBe(66_000);
  });

  it("refuses at once a request whose caller had already given up, and grants it nothing", async () => {
    const scheduler = knownKey(5);
    const controller = new AbortController();
    controller.abort(new Error("gave up"));
    await expect(scheduler.acquire("user", controller.signal)).rejects.toThrow("gave up");
    expect(scheduler.freeSlots()).toBe(5);
  });

  it("keeps waiting requests when a request already let out is aborted afterwards", async () => {
    const scheduler = knownKey(1);
    const controller = new AbortController();
    await scheduler.acquire("user", controller.signal);
    const { order } = ask(scheduler, [["waiting", "user"]]);
    controller.abort(new Error("the granted request is cancelled"));
    expect(scheduler.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(order).toEqual(["waiting"]);
  });

  it("holds one wake-up timer per key, however many requests wait", async () => {
    const scheduler = knownKey(1);
    await scheduler.acquire("user");
    ask(
      scheduler,
      Array.from({ length: 20 }, (_, index) => [`request ${index}`, "user"] as [string, RequestPriority]),
    );
    expect(vi.getTimerCount()).toBe(1);
  });
});

describe("the scheduler's limit", () => {
  it("wakes queued requests at once when the profile's RPM is raised", async () => {
    const scheduler = knownKey(1);
    await scheduler.acquire("user");
    const { at } = ask(scheduler, [["held", "user"]]);
    await vi.advanceTimersByTimeAsync(1_000);
    scheduler.setRpm(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(at.held).toBe(1_000);
  });

  it("takes a gateway limit of exactly one request a minute", () => {
    const scheduler = new RequestScheduler(60);
    scheduler.observe({ limit: 1, remaining: 1 });
    expect(scheduler.freeSlots()).toBe(1);
  });

  it("replaces its own count with the gateway's once its own requests have left the minute", async () => {
    const scheduler = knownKey(10);
    for (let i = 0; i < 3; i++) await scheduler.acquire("user");
    await vi.advanceTimersByTimeAsync(70_000);
    scheduler.observe({ limit: 10, remaining: 5 });
    expect(scheduler.freeSlots()).toBe(5);
  });

  it("takes a window reset time sent before any request was counted", async () => {
    const scheduler = new RequestScheduler(10);
    scheduler.observe(null, undefined, 5_000);
    const { at } = ask(scheduler, [["first", "user"]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(at.first).toBe(0);
  });
});

describe("the scheduler after a 429", () => {
  it("lets the requests others used leave the minute when Retry-After ends, not a minute after the 429", async () => {
    const scheduler = knownKey(2);
    scheduler.observe({ limit: 2, remaining: 0 }, 10);
    const { at } = ask(scheduler, [["after the pause", "user"]]);
    await vi.advanceTimersByTimeAsync(70_000);
    expect(at["after the pause"]).toBe(10_000);
  });

  it("counts others' requests dated before its own as older than its own", async () => {
    const scheduler = knownKey(3);
    await scheduler.acquire("user");
    await vi.advanceTimersByTimeAsync(30_000);
    // Two more were used elsewhere; they leave the window when the 5 s pause ends, before this app's own at 61 s.
    scheduler.observe({ limit: 3, remaining: 0 }, 5);
    const { at } = ask(scheduler, [["after the pause", "user"]]);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(at["after the pause"]).toBe(35_000);
  });

  it("does not count again a request answered after its minute ended: the gateway counted it when it came", async () => {
    const scheduler = knownKey(1);
    const grant = await scheduler.acquire("user");
    await vi.advanceTimersByTimeAsync(62_000);
    expect(scheduler.freeSlots()).toBe(1);
    scheduler.answered(grant);
    expect(scheduler.freeSlots()).toBe(1);
  });

  it("frees a request of another kind granted during a long pause with its own minute, not the pause's", async () => {
    const scheduler = knownKey(3);
    await scheduler.acquire("user", undefined, undefined, "chat");
    // One more used elsewhere, counted until the 300 s pause ends: it leaves the window last.
    scheduler.observe({ limit: 3, remaining: 1 }, 300, undefined, "chat");
    await vi.advanceTimersByTimeAsync(1000);
    await scheduler.acquire("user", undefined, undefined, "balance");
    await vi.advanceTimersByTimeAsync(61_000);
    expect(scheduler.freeSlots()).toBe(2);
  });

  it("counts others' requests before several of its own when they are dated earlier", async () => {
    const scheduler = knownKey(4);
    await vi.advanceTimersByTimeAsync(50_000);
    for (let own = 0; own < 3; own++) {
      await scheduler.acquire("user");
      await vi.advanceTimersByTimeAsync(10_000);
    }
    // At 80 s one more was used elsewhere, counted until the 5 s pause ends: it leaves the minute at 85 s.
    scheduler.observe({ limit: 4, remaining: 0 }, 5);
    const { at } = ask(scheduler, [["after the pause", "user"]]);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(at["after the pause"]).toBe(85_000);
  });

  it("sends at the pause's end when the minute still has room", async () => {
    const scheduler = knownKey(10);
    await scheduler.acquire("user");
    scheduler.observe(null, 5);
    const { at } = ask(scheduler, [["after the pause", "user"]]);
    await vi.advanceTimersByTimeAsync(70_000);
    expect(at["after the pause"]).toBe(5_000);
  });
});

describe("what a held request is told", () => {
  it("is each waiter's own slot: the pause's end while the minute has room, then when each counted request leaves", async () => {
    const scheduler = knownKey(3);
    await scheduler.acquire("user");
    await vi.advanceTimersByTimeAsync(20_000);
    await scheduler.acquire("user");
    await vi.advanceTimersByTimeAsync(10_000);
    scheduler.observe(null, 10);
    const told: number[][] = [[], [], [], []];
    for (const list of told) void scheduler.acquire("user", undefined, (until) => list.push(until));
    expect(told.slice(0, 3)).toEqual([[40_000], [61_000], [81_000]]);
    // Beyond this minute's counted requests: at least a minute from now.
    expect(told[3]?.[0]).toBeGreaterThanOrEqual(91_000);
  });

  it("is told again only when its estimate moves by a second or more", async () => {
    const scheduler = knownKey(1);
    await scheduler.acquire("user");
    const told: number[] = [];
    void scheduler.acquire("user", undefined, (until) => told.push(until));
    expect(told).toEqual([61_000]);
    // Another request queues behind it: its own estimate has not moved.
    void scheduler.acquire("user");
    expect(told).toEqual([61_000]);
    scheduler.observe(null, 62);
    expect(told).toEqual([61_000, 62_000]);
  });
});
