import { describe, expect, it } from "vitest";
import { DEFAULT_POLL_TIMING, dueAt, nextInterval } from "../../../electron/services/tasks/poll-policy.ts";

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

  it("is due for a task with an id to poll, and for a held video when its slot comes; never for a row with nothing to poll", () => {
    const now = 1_000;
    expect(dueAt({ status: "queued", remote_id: "task_1", next_poll_at: null }, now)).toBe(now);
    expect(dueAt({ status: "processing", remote_id: "task_1", next_poll_at: 5_000 }, now)).toBe(5_000);
    expect(dueAt({ status: "waiting", remote_id: null, next_poll_at: 9_000 }, now)).toBe(9_000);
    expect(dueAt({ status: "waiting", remote_id: null, next_poll_at: null }, now)).toBeNull();
    // A synchronous image being downloaded: no task id, so waiting for it to be due would spin.
    expect(dueAt({ status: "processing", remote_id: null, next_poll_at: null }, now)).toBeNull();
    expect(dueAt({ status: "timed_out", remote_id: "task_1", next_poll_at: null }, now)).toBeNull();
  });
});
