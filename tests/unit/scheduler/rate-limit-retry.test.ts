import { describe, expect, it } from "vitest";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import {
  MAX_RATE_LIMIT_RETRIES,
  MAX_RETRY_AFTER_S,
  withRateLimitRetry,
  type RateLimitWait,
} from "../../../electron/services/gateway-client/rate-limit-retry.ts";

const rateLimited = (retryAfter?: number) =>
  new GatewayError({ code: "RATE_LIMIT", message: "rate limit exceeded", status: 429, retryAfter });

/** A clock that moves only when the helper waits, and remembers every wait. */
function fakeClock(start = 1_000_000) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    delay: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
  };
}

/** A request that fails with each of `failures` in turn, then answers "accepted". */
function requestFailing(...failures: unknown[]) {
  const sent: number[] = [];
  return {
    sent,
    send: async () => {
      sent.push(sent.length + 1);
      const failure = failures[sent.length - 1];
      if (failure !== undefined) throw failure;
      return "accepted";
    },
  };
}

describe("the rate-limit retry shared by chat and tasks", () => {
  it("sends a 429 again once its Retry-After has passed, and says when", async () => {
    const clock = fakeClock();
    const request = requestFailing(rateLimited(3), rateLimited(7));
    const waits: RateLimitWait[] = [];
    let resumed = 0;

    const answer = await withRateLimitRetry(request.send, {
      delay: clock.delay,
      now: clock.now,
      onWait: (wait) => waits.push(wait),
      onResume: () => resumed++,
    });

    expect(answer).toBe("accepted");
    expect(request.sent).toHaveLength(3);
    expect(clock.waits).toEqual([3000, 7000]);
    expect(waits.map(({ seconds, until }) => ({ seconds, until }))).toEqual([
      { seconds: 3, until: 1_003_000 },
      { seconds: 7, until: 1_010_000 },
    ]);
    expect(resumed).toBe(2);
  });

  it(`waits a Retry-After of up to ${MAX_RETRY_AFTER_S} s, and refuses a second more`, async () => {
    const clock = fakeClock();
    await withRateLimitRetry(requestFailing(rateLimited(MAX_RETRY_AFTER_S)).send, { delay: clock.delay });
    expect(clock.waits).toEqual([MAX_RETRY_AFTER_S * 1000]);
    const tooLong = requestFailing(rateLimited(MAX_RETRY_AFTER_S + 1));
    await expect(withRateLimitRetry(tooLong.send, { delay: clock.delay })).rejects.toThrow(`${MAX_RETRY_AFTER_S} s`);
    expect(tooLong.sent).toHaveLength(1);
  });

  it("waits one second when a 429 names no Retry-After", async () => {
    const clock = fakeClock();
    const request = requestFailing(rateLimited());
    await withRateLimitRetry(request.send, { delay: clock.delay, now: clock.now });
    expect(clock.waits).toEqual([1000]);
  });

  it("gives up after the attempt cap and throws the last 429", async () => {
    const clock = fakeClock();
    const always = Array.from({ length: 20 }, () => rateLimited(1));
    const request = requestFailing(...always);

    await expect(withRateLimitRetry(request.send, { delay: clock.delay, now: clock.now })).rejects.toMatchObject({
      status: 429,
    });
    expect(request.sent).toHaveLength(1 + MAX_RATE_LIMIT_RETRIES);

    const capped = requestFailing(...always);
    await expect(withRateLimitRetry(capped.send, { delay: clock.delay, maxRetries: 2 })).rejects.toBeInstanceOf(
      GatewayError,
    );
    expect(capped.sent).toHaveLength(3);
  });

  it.each([
    ["a 500", new GatewayError({ code: "upstream_error", message: "boom", status: 500, retryAfter: 1 })],
    ["a 404", new GatewayError({ code: "not_found", message: "no such model", status: 404 })],
    ["a rate-limit code without a 429", new GatewayError({ code: "RATE_LIMIT", message: "odd", status: 503 })],
    ["a timeout", new GatewayError({ code: "TIMEOUT", message: "no answer in time" })],
    ["a network error", new GatewayError({ code: "NETWORK_ERROR", message: "socket hang up" })],
    ["an error outside the client", new Error("disk full")],
  ])("never sends again after %s, which the gateway may have accepted", async (_, failure) => {
    const clock = fakeClock();
    const request = requestFailing(failure);
    await expect(withRateLimitRetry(request.send, { delay: clock.delay, now: clock.now })).rejects.toBe(failure);
    expect(request.sent).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it("does not send again when the caller says the request may not be repeated", async () => {
    const clock = fakeClock();
    const request = requestFailing(rateLimited(1));
    await expect(withRateLimitRetry(request.send, { delay: clock.delay, mayRetry: () => false })).rejects.toMatchObject(
      { status: 429 },
    );
    expect(request.sent).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it("stops at once when cancelled during the wait, and sends nothing more", async () => {
    const controller = new AbortController();
    const request = requestFailing(rateLimited(30));

    // Cancelled once the 30 s wait has begun (setImmediate runs after it started, long before it
    // could end). A wait that ignored the signal would end by sending again, and be accepted.
    const attempt = withRateLimitRetry(request.send, {
      signal: controller.signal,
      onWait: () => setImmediate(() => controller.abort()),
    });

    await expect(attempt).rejects.toMatchObject({ name: "AbortError" });
    expect(request.sent).toHaveLength(1);
  });

  it("does not wait at all when already cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    const request = requestFailing(rateLimited(30));
    let resumed = false;
    await expect(
      withRateLimitRetry(request.send, { signal: controller.signal, onResume: () => (resumed = true) }),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(request.sent).toHaveLength(1);
    expect(resumed).toBe(false);
  });
});
