import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_S } from "../../electron/services/gateway-client/rate-limit-retry.ts";
import { answer, withHeaders } from "./faults.ts";
import { chatUntilDone, startFaultBench, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
// A bench per test: a 429 pauses the key, which would hold the next test's requests.
beforeEach(async () => {
  bench = await startFaultBench();
});
afterEach(() => bench.close());

const refusal = JSON.stringify({ error: { code: "RATE_LIMIT", message: "Slow down.", request_id: "req_fault" } });

describe("rate-limit headers a server should not send", () => {
  it("a Retry-After of 35 days ends the reply with the wait said, instead of pausing silently", async () => {
    bench.proxy.when(
      { method: "POST", path: "/v1/chat/completions" },
      answer(429, refusal, { "retry-after": "3000000" }),
      1,
    );
    const { reply, errors } = await chatUntilDone(bench.services);
    expect(reply).toMatchObject({ status: "error", error: { code: "RETRY_AFTER_TOO_LONG", status: 429 } });
    expect(reply.error!.message).toContain(`${MAX_RETRY_AFTER_S} s`);
    expect(errors.some((error) => error.retrying)).toBe(false);
  });

  it("x-ratelimit-limit of a billion with none remaining leaves the host's memory as it was", async () => {
    bench.proxy.when(
      { path: "/v1/balance" },
      withHeaders({ "x-ratelimit-limit": "1000000000", "x-ratelimit-remaining": "0" }),
      1,
    );
    const before = process.memoryUsage().heapUsed;
    const reading = await bench.services.budget.snapshot(bench.services.vault.resolveId());
    expect(reading.rateLimit).toEqual({ limit: 1_000_000_000, remaining: 0 });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("a Retry-After of an hour on a chat does not hold the balance: the wait is the chat's", async () => {
    bench.proxy.when(
      { method: "POST", path: "/v1/chat/completions" },
      answer(429, refusal, { "retry-after": "3600" }),
      1,
    );
    const { reply } = await chatUntilDone(bench.services);
    expect(reply).toMatchObject({ status: "error", error: { code: "RETRY_AFTER_TOO_LONG" } });
    // Answered at once: with the whole key paused it would wait MAX_RETRY_AFTER_S, past the test's time.
    const reading = await bench.services.budget.snapshot(bench.services.vault.resolveId());
    expect(reading.balance.balance).toBeGreaterThan(0);
  });
});
