import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import { MAX_RETRY_AFTER_S, withRateLimitRetry } from "../../../electron/services/gateway-client/rate-limit-retry.ts";
import { RequestScheduler } from "../../../electron/services/scheduler/request-scheduler.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether a request acquired now is granted within `ms` (fake time). */
async function grantedWithin(scheduler: RequestScheduler, ms: number): Promise<boolean> {
  let granted = false;
  void scheduler.acquire("user").then(() => (granted = true));
  await vi.advanceTimersByTimeAsync(ms);
  return granted;
}

describe("the scheduler under limits a server should not send", () => {
  it("counts no more of an absurd limit's used requests than the key's own limit (no entry per request)", () => {
    const scheduler = new RequestScheduler(60);
    const before = process.memoryUsage().heapUsed;
    scheduler.observe({ limit: 5_000_000, remaining: 0 });
    // Five million entries would take hundreds of MB; the minute's worth of the key takes nothing to speak of.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 * 1024);
    expect(scheduler.freeSlots()).toBe(0);
  });

  it("lets requests go again a minute after an absurd limit said none were left", async () => {
    const scheduler = new RequestScheduler(60);
    scheduler.observe({ limit: 1_000_000_000, remaining: 0 });
    expect(await grantedWithin(scheduler, 62_000)).toBe(true);
  });

  it("does not wait for ever on x-ratelimit-limit: 0", async () => {
    const scheduler = new RequestScheduler(60);
    scheduler.observe({ limit: 0, remaining: 0 });
    expect(await grantedWithin(scheduler, 62_000)).toBe(true);
  });

  it(`pauses the key for at most ${MAX_RETRY_AFTER_S} s, whatever Retry-After says`, async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const scheduler = new RequestScheduler(60);
      scheduler.observe(null, 3_000_000);
      expect(await grantedWithin(scheduler, MAX_RETRY_AFTER_S * 1000 + 1000)).toBe(true);
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings).not.toContain("TimeoutOverflowWarning");
  });

  it("keeps its minute when the wall clock jumps back an hour", async () => {
    const scheduler = new RequestScheduler(1);
    scheduler.observe(null);
    expect(await grantedWithin(scheduler, 0)).toBe(true);
    vi.setSystemTime(Date.now() - 3_600_000);
    expect(await grantedWithin(scheduler, 62_000)).toBe(true);
  });

  it("tells waits in wall-clock time", async () => {
    const scheduler = new RequestScheduler(1);
    scheduler.observe(null);
    await grantedWithin(scheduler, 0);
    const untils: number[] = [];
    void scheduler.acquire("user", undefined, (until) => untils.push(until));
    await vi.advanceTimersByTimeAsync(0);
    expect(untils[0]).toBeGreaterThan(Date.now() + 59_000);
    expect(untils[0]).toBeLessThan(Date.now() + 62_000);
  });
});

describe("a Retry-After longer than the app waits by itself", () => {
  it("is said to the caller at once, with the wait asked and the longest honoured, instead of a silent pause", async () => {
    let sent = 0;
    const delays: number[] = [];
    const failure = await withRateLimitRetry(
      async () => {
        sent++;
        throw new GatewayError({ code: "RATE_LIMIT", message: "slow down", status: 429, retryAfter: 3600 });
      },
      { delay: async (ms) => void delays.push(ms) },
    ).catch((error: unknown) => error as GatewayError);
    expect(sent).toBe(1);
    expect(delays).toEqual([]);
    expect(failure).toMatchObject({ code: "RETRY_AFTER_TOO_LONG", status: 429, retryAfter: 3600 });
    expect(failure.message).toContain("3600 s");
    expect(failure.message).toContain(`${MAX_RETRY_AFTER_S} s`);
  });
});
