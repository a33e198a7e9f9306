import {
  baseInterval,
  type PollPolicy,
  type PollTiming,
  type TaskOutlook,
} from "../../electron/services/tasks/poll-policy.ts";

/** Every task in turn at the base interval, the one seen longest ago first: the baseline to compare with. */
export const roundRobinPolicy: PollPolicy = {
  intervalAfter(task: TaskOutlook, _now: number, timing: PollTiming): number {
    return baseInterval(task.kind, timing);
  },
  urgency(): number {
    return 0;
  },
};
