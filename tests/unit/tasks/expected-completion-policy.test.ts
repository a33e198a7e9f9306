import { describe, expect, it } from "vitest";
import { expectedCompletionPolicy } from "../../../electron/services/tasks/expected-completion-policy.ts";
import { DEFAULT_POLL_TIMING, type TaskOutlook } from "../../../electron/services/tasks/poll-policy.ts";

const timing = DEFAULT_POLL_TIMING;

/** A task submitted at 0, last seen at `now`, expected to complete at `expectedAt` give or take 2 s. */
function outlook(change: Partial<TaskOutlook> & { expectedAt: number }): TaskOutlook {
  return {
    kind: "image",
    submittedAt: 0,
    lastSeenAt: 0,
    statusChanged: false,
    previousIntervalMs: 4000,
    estimate: { expectedAt: change.expectedAt, spreadMs: 2000 },
    ...change,
  };
}

describe("polling by expected completion", () => {
  it("starts at the spec's 4 s for tasks and 5 s for video, and again after every status change", () => {
    const far = { expectedAt: 600_000 };
    expect(expectedCompletionPolicy.intervalAfter(outlook({ ...far, previousIntervalMs: null }), 0, timing)).toBe(4000);
    expect(
      expectedCompletionPolicy.intervalAfter(outlook({ ...far, kind: "video", previousIntervalMs: null }), 0, timing),
    ).toBe(5000);
    expect(
      expectedCompletionPolicy.intervalAfter(
        outlook({ ...far, previousIntervalMs: 30_000, statusChanged: true }),
        0,
        timing,
      ),
    ).toBe(4000);
  });

  it("looks next just after the expected completion, and no later than 30 s while none is expected", () => {
    expect(expectedCompletionPolicy.intervalAfter(outlook({ expectedAt: 20_000 }), 5_000, timing)).toBe(16_000);
    expect(expectedCompletionPolicy.intervalAfter(outlook({ expectedAt: 600_000 }), 5_000, timing)).toBe(30_000);
    // Never sooner than the base interval, however close the expected time.
    expect(expectedCompletionPolicy.intervalAfter(outlook({ expectedAt: 6_000 }), 5_000, timing)).toBe(4000);
  });

  it("grows with how far the task has run past its expected time, up to 30 s, and resets only on a status change", () => {
    const expectedAt = 60_000;
    const intervals = [62_000, 70_000, 80_000, 90_000, 120_000].map((now) =>
      expectedCompletionPolicy.intervalAfter(outlook({ expectedAt, lastSeenAt: now }), now, timing),
    );
    expect(intervals).toEqual([5067, 9333, 14_667, 20_000, 30_000]);
    expect(expectedCompletionPolicy.intervalAfter(outlook({ expectedAt, statusChanged: true }), 120_000, timing)).toBe(
      4000,
    );
  });

  it("ranks first the task whose completion is likeliest since it was last seen", () => {
    const now = 60_000;
    const due = outlook({ expectedAt: 55_000, lastSeenAt: 40_000 });
    const later = outlook({ expectedAt: 90_000, lastSeenAt: 40_000 });
    const justSeen = outlook({ expectedAt: 55_000, lastSeenAt: 59_000 });
    const urgency = (task: TaskOutlook) => expectedCompletionPolicy.urgency(task, now);
    expect(urgency(due)).toBeGreaterThan(urgency(justSeen));
    expect(urgency(justSeen)).toBeGreaterThan(urgency(later));
  });
});
