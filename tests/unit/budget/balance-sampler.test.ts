import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BalanceSampler } from "../../../electron/services/budget/balance-sampler.ts";

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
