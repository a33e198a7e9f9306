import { chanceCompletedSince } from "./completion-estimate.ts";
import { baseInterval, type PollPolicy, type PollTiming, type TaskOutlook } from "./poll-policy.ts";

/** Past its expected time, each further expected duration elapsed adds this many base intervals. */
const OVERRUN_GROWTH = 8;

/**
 * Polls where a completion is likely. The first look comes after the spec's base interval (and
 * again after every status change); then the next look is planned for the expected completion, at
 * most `maxIntervalMs` away while none is expected; a task running past its expected time is
 * looked at less and less often the longer it overruns. When polls must wait for the key's
 * budget, the task most likely to have completed since it was last seen goes first.
 */
export const expectedCompletionPolicy: PollPolicy = {
  intervalAfter(task: TaskOutlook, now: number, timing: PollTiming): number {
    const base = baseInterval(task.kind, timing);
    if (task.statusChanged || task.previousIntervalMs === null) return base;
    const { expectedAt, spreadMs } = task.estimate;
    const clamp = (ms: number) => Math.round(Math.min(timing.maxIntervalMs, Math.max(base, ms)));
    // Half a spread past the expected time, a poll is more likely to find it complete than not.
    const untilLikely = expectedAt + spreadMs / 2 - now;
    if (untilLikely > 0) return clamp(untilLikely);
    const expectedDuration = Math.max(1, expectedAt - task.submittedAt);
    const overrun = (now - expectedAt) / expectedDuration;
    return clamp(base * (1 + OVERRUN_GROWTH * overrun));
  },

  urgency(task: TaskOutlook, now: number): number {
    return chanceCompletedSince(task.estimate, task.lastSeenAt, now);
  },
};
