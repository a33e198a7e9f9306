import { describe, expect, it } from "vitest";
import { DEFAULT_POLL_TIMING, nextInterval } from "../../../electron/services/tasks/poll-policy.ts";

describe("the poll policy", () => {
  it("starts at 4 s for image tasks and 5 s for video, as the spec advises", () => {
    expect(nextInterval("image", null, false, DEFAULT_POLL_TIMING)).toBe(4000);
    expect(nextInterval("video", null, false, DEFAULT_POLL_TIMING)).toBe(5000);
  });

  it("grows while nothing changes, up to 30 s, and drops back when something does", () => {
    const intervals: number[] = [];
    let interval: number | null = null;
    for (let i = 0; i < 10; i++)
      intervals.push((interval = nextInterval("video", interval, false, DEFAULT_POLL_TIMING)));
    expect(intervals).toEqual([5000, 7500, 11250, 16875, 25313, 30000, 30000, 30000, 30000, 30000]);
    expect(nextInterval("video", 30_000, true, DEFAULT_POLL_TIMING)).toBe(5000);
  });
});
