import type { LocalTaskStatus } from "../../../shared/ipc/tasks.ts";
import type { CompletionEstimate } from "./completion-estimate.ts";

export interface PollTiming {
  /** First interval: 3-5 s for tasks, 5 s for video, as the spec advises. */
  readonly imageBaseMs: number;
  readonly videoBaseMs: number;
  /** How much the interval grows each time nothing changed, up to `maxIntervalMs`. */
  readonly growth: number;
  readonly maxIntervalMs: number;
  /** After this long, the app stops waiting and shows "Timed out here". */
  readonly maxWaitMs: number;
  /** Which task to poll and when; the engine's default looks where a completion is expected. */
  readonly policy?: PollPolicy;
}

/** What the poller knows about a task when it plans the next look at it. */
export interface TaskOutlook {
  readonly kind: "image" | "video";
  readonly submittedAt: number;
  readonly lastSeenAt: number;
  /** The last reading brought a new status (the submission's answer counts as the first). */
  readonly statusChanged: boolean;
  readonly previousIntervalMs: number | null;
  readonly estimate: CompletionEstimate;
}

/**
 * Decides when each task is looked at again and, when the key's budget cannot poll every due task
 * at once, which goes first.
 */
export interface PollPolicy {
  intervalAfter(task: TaskOutlook, now: number, timing: PollTiming): number;
  /** Higher goes first; ties go to the task seen longest ago. */
  urgency(task: TaskOutlook, now: number): number;
}

export const DEFAULT_POLL_TIMING: PollTiming = {
  imageBaseMs: 4000,
  videoBaseMs: 5000,
  growth: 1.5,
  maxIntervalMs: 30_000,
  maxWaitMs: 15 * 60_000,
};

export function baseInterval(kind: "image" | "video", timing: PollTiming): number {
  return kind === "video" ? timing.videoBaseMs : timing.imageBaseMs;
}

/** The next interval: back to the base when status or progress moved, longer (capped) when they did not. */
export function nextInterval(
  kind: "image" | "video",
  previousMs: number | null,
  changed: boolean,
  timing: PollTiming,
): number {
  if (changed || previousMs === null) return baseInterval(kind, timing);
  return Math.min(timing.maxIntervalMs, Math.round(previousMs * timing.growth));
}

export const isPollable = (status: LocalTaskStatus) => status === "queued" || status === "processing";

/**
 * When the engine should next look at a task: a held video when its slot is due, a gateway task
 * when its poll is due. Null when waiting cannot help, e.g. a row without a task id to poll.
 */
export function dueAt(
  row: { status: LocalTaskStatus; remote_id: string | null; next_poll_at: number | null },
  now: number,
): number | null {
  if (row.status === "waiting") return row.next_poll_at;
  if (isPollable(row.status) && row.remote_id !== null) return row.next_poll_at ?? now;
  return null;
}
