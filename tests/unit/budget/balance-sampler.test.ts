import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BalanceSampler } from "../../../electron/services/budget/balance-sampler.ts";
import { currentLedgerScope, withLedgerLink } from "../../../electron/services/ledger/ledger-context.ts";

const TIMING = { afterActivityMs: 400, everyMs: 60_000, activeForMs: 10 * 60_000 };

describe("the balance sampler", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads nothing without activity", async () => {
    const reads: string[] = [];
    const sampler = new BalanceSampler(async (profileId) => reads.push(profileId), TIMING);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(reads).toEqual([]);
    sampler.close();
  });

  it("reads once shortly after calls that end together, then every minute while recently active, then stops", async () => {
    const reads: string[] = [];
    const sampler = new BalanceSampler(async (profileId) => reads.push(profileId), TIMING);
    sampler.noteActivity("a");
    await vi.advanceTimersByTimeAsync(100);
    sampler.noteActivity("a");
    await vi.advanceTimersByTimeAsync(399);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual(["a"]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(reads).toHaveLength(11);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(reads).toHaveLength(11);
    sampler.close();
  });

  it("reads after a stopped stream's charge may have landed, even when another call ends meanwhile", async () => {
    const reads: string[] = [];
    const sampler = new BalanceSampler(async (profileId) => reads.push(profileId), TIMING);
    sampler.noteActivity("a", 5000);
    await vi.advanceTimersByTimeAsync(1000);
    sampler.noteActivity("a");
    await vi.advanceTimersByTimeAsync(4399);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual(["a"]);
    sampler.close();
  });

  it("while the key's minute is more than half spent, waits with its reading, for at most 30 s, and calls meanwhile share it", async () => {
    const reads: string[] = [];
    let busy = true;
    const sampler = new BalanceSampler(
      async (profileId) => reads.push(profileId),
      TIMING,
      () => busy,
    );
    sampler.noteActivity("a");
    await vi.advanceTimersByTimeAsync(10_000);
    sampler.noteActivity("a");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reads).toEqual([]);
    // The key has room again: the reading goes within a second.
    busy = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toEqual(["a"]);
    // Busy for good: the next reading still goes 30 s after the call it measures.
    busy = true;
    sampler.noteActivity("a");
    await vi.advanceTimersByTimeAsync(29_500);
    expect(reads).toEqual(["a"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toEqual(["a", "a"]);
    sampler.close();
  });

  it("stops reading a profile whose server cannot tell its balance", async () => {
    let reads = 0;
    const sampler = new BalanceSampler(async () => {
      reads++;
      throw new Error("no balance endpoint");
    }, TIMING);
    sampler.noteActivity("a");
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(reads).toBe(1);
    sampler.close();
  });
});

describe("a reading the sampler takes", () => {
  it("is linked to no task or reply, though the call that set its timer was", async () => {
    // Real timers: a timer carries the context it was set in, which fake timers do not.
    const read = Promise.withResolvers<unknown>();
    const sampler = new BalanceSampler(async () => read.resolve(currentLedgerScope()?.link ?? null), {
      ...TIMING,
      afterActivityMs: 1,
    });
    await withLedgerLink({ taskId: "t" }, async () => sampler.noteActivity("a"));
    expect(await read.promise).toBeNull();
    sampler.close();
  });
});
