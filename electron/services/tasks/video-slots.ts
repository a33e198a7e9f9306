import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import type { TaskTable } from "./task-table.ts";

export interface VideoLimits {
  readonly concurrent: number;
  readonly perMinute: number;
  readonly perDay: number;
}

export const DEFAULT_VIDEO_LIMITS: VideoLimits = { concurrent: 2, perMinute: 5, perDay: 100 };

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

type SlotDecision =
  { readonly free: true } | { readonly free: false; readonly reason: CodedText; readonly retryAt: number | null };

/**
 * The gateway's video limits, held on the client side so a video beyond them waits in the local
 * queue instead of being refused. Counts come from the task table, so they survive restarts.
 */
export function videoSlot(tasks: TaskTable, profileId: string, limits: VideoLimits, now: number): SlotDecision {
  if (tasks.runningVideos(profileId) >= limits.concurrent) {
    return { free: false, reason: codedText("VIDEOS_RUNNING", { count: limits.concurrent }), retryAt: null };
  }
  const lastMinute = tasks.videoSubmissionsSince(profileId, now - MINUTE);
  const firstThisMinute = lastMinute[0];
  if (firstThisMinute !== undefined && lastMinute.length >= limits.perMinute) {
    return {
      free: false,
      reason: codedText("VIDEOS_THIS_MINUTE", { count: limits.perMinute }),
      retryAt: firstThisMinute + MINUTE,
    };
  }
  const lastDay = tasks.videoSubmissionsSince(profileId, now - DAY);
  const firstToday = lastDay[0];
  if (firstToday !== undefined && lastDay.length >= limits.perDay) {
    return {
      free: false,
      reason: codedText("VIDEOS_TODAY", { count: limits.perDay }),
      retryAt: firstToday + DAY,
    };
  }
  return { free: true };
}
