import { describe, expect, it } from "vitest";
import {
  chanceCompletedSince,
  estimateCompletion,
  gatewayDuration,
} from "../../../electron/services/tasks/completion-estimate.ts";

const PRIOR = { meanMs: 30_000, spreadMs: 30_000 };

describe("the completion estimate", () => {
  it("follows the task's progress rate once it has moved twice", () => {
    const samples = [
      { at: 10_000, progress: 10 },
      { at: 40_000, progress: 70 },
    ];
    const estimate = estimateCompletion(0, samples, PRIOR);
    expect(estimate.expectedAt).toBe(55_000);
    expect(estimate.spreadMs).toBeLessThan(1500);
  });

  it("measures a single moving reading from the last reading that saw none, and is less sure of it", () => {
    const samples = [
      { at: 4_000, progress: 0 },
      { at: 24_000, progress: 40 },
    ];
    const estimate = estimateCompletion(0, samples, PRIOR);
    expect(estimate.expectedAt).toBe(54_000);
    expect(estimate.spreadMs).toBeGreaterThan(3_000);
    // With no reading before it, from the submission.
    expect(estimateCompletion(0, [{ at: 20_000, progress: 50 }], PRIOR).expectedAt).toBe(40_000);
  });

  it("uses what the model's earlier tasks took until the progress moves", () => {
    const prior = { meanMs: 75_000, spreadMs: 9_000 };
    expect(estimateCompletion(5_000, [{ at: 9_000, progress: 0 }], prior)).toEqual({
      expectedAt: 80_000,
      spreadMs: 9_000,
    });
  });

  it("expects a task seen not yet started to have most of a usual duration still ahead", () => {
    const prior = { meanMs: 60_000, spreadMs: 10_000 };
    expect(estimateCompletion(0, [{ at: 90_000, progress: 0 }], prior).expectedAt).toBe(120_000);
  });

  it("grows surer as the task nears its end", () => {
    const early = estimateCompletion(
      0,
      [
        { at: 0, progress: 0 },
        { at: 10_000, progress: 10 },
        { at: 20_000, progress: 20 },
      ],
      PRIOR,
    );
    const late = estimateCompletion(
      0,
      [
        { at: 0, progress: 0 },
        { at: 10_000, progress: 10 },
        { at: 90_000, progress: 90 },
      ],
      PRIOR,
    );
    expect(early.expectedAt).toBe(100_000);
    expect(late.expectedAt).toBe(100_000);
    expect(late.spreadMs).toBeLessThan(early.spreadMs);
  });

  it("rates a task likelier to have completed the further past its expected time a poll comes", () => {
    const estimate = { expectedAt: 60_000, spreadMs: 5_000 };
    const before = chanceCompletedSince(estimate, 30_000, 50_000);
    const at = chanceCompletedSince(estimate, 30_000, 60_000);
    const after = chanceCompletedSince(estimate, 30_000, 70_000);
    expect(before).toBeLessThan(0.05);
    expect(at).toBeCloseTo(0.5, 2);
    expect(after).toBeGreaterThan(0.97);
    // Long overdue and seen running since: the estimate no longer says anything.
    expect(chanceCompletedSince(estimate, 200_000, 210_000)).toBe(0);
  });
});

describe("how long a task took, by the gateway's clock", () => {
  it("is the time between its created_at and completed_at", () => {
    expect(gatewayDuration("2026-01-01T00:00:00Z", "2026-01-01T00:01:15.500Z")).toBe(75_500);
  });

  it("is unknown when either end is missing, unreadable or before the other", () => {
    expect(gatewayDuration(undefined, "2026-01-01T00:01:00Z")).toBeUndefined();
    expect(gatewayDuration("2026-01-01T00:00:00Z", undefined)).toBeUndefined();
    expect(gatewayDuration("yesterday", "2026-01-01T00:01:00Z")).toBeUndefined();
    expect(gatewayDuration("2026-01-01T00:02:00Z", "2026-01-01T00:01:00Z")).toBeUndefined();
  });
});
