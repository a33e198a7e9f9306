/** One reading of a task's progress (0-100) at a time (epoch ms). */
export interface ProgressSample {
  readonly at: number;
  readonly progress: number;
}

/** How long a task of this kind usually takes: a mean and how far single tasks stray from it. */
export interface DurationPrior {
  readonly meanMs: number;
  readonly spreadMs: number;
}

/** When a task is expected to complete, and how sure that is (one standard deviation). */
export interface CompletionEstimate {
  readonly expectedAt: number;
  readonly spreadMs: number;
}

/** Never claim to know a completion time better than this: polls and clocks are not that exact. */
const MIN_SPREAD_MS = 1000;
/** With one moving reading, the start is unknown: the task may have queued for part of the time. */
const UNKNOWN_START_SHARE = 0.1;
/** A task seen not yet started has at least this share of a usual duration ahead of it. */
const STILL_AHEAD_SHARE = 0.5;

/**
 * Expected completion from the task's own progress when it has moved (progress is taken to grow
 * evenly), otherwise from what tasks of this model and size took before.
 */
export function estimateCompletion(
  submittedAt: number,
  samples: readonly ProgressSample[],
  prior: DurationPrior,
): CompletionEstimate {
  const moving = samples.filter((sample) => sample.progress > 0 && sample.progress < 100);
  const last = moving.at(-1);
  const lastStill = samples.filter((sample) => sample.progress === 0 && (!last || sample.at < last.at)).at(-1);
  if (!last) {
    // Not started when last seen (e.g. still queued at the gateway): most of its work is still ahead.
    const notBefore = lastStill ? lastStill.at + prior.meanMs * STILL_AHEAD_SHARE : submittedAt;
    const expectedAt = Math.max(submittedAt + prior.meanMs, notBefore);
    return { expectedAt, spreadMs: Math.max(MIN_SPREAD_MS, prior.spreadMs) };
  }
  const earlierMoving = moving.find((sample) => sample.progress < last.progress);
  // Without two moving readings, progress is measured from the last reading that saw none.
  const from = earlierMoving ?? lastStill ?? { at: submittedAt, progress: 0 };
  const gained = last.progress - from.progress;
  const perMs = gained / Math.max(1, last.at - from.at);
  const remainingMs = (100 - last.progress) / perMs;
  // A reading is floored to a whole percent, so the rate is known to about one part in `gained`.
  const uncertainty = 1 / gained + (earlierMoving ? 0 : UNKNOWN_START_SHARE);
  return {
    expectedAt: last.at + remainingMs,
    spreadMs: Math.max(MIN_SPREAD_MS, remainingMs * uncertainty),
  };
}

/** The time between two of the gateway's own timestamps; undefined when either is missing or they disagree. */
export function gatewayDuration(createdAt: string | undefined, completedAt: string | undefined): number | undefined {
  if (createdAt === undefined || completedAt === undefined) return undefined;
  const took = Date.parse(completedAt) - Date.parse(createdAt);
  return Number.isFinite(took) && took >= 0 ? took : undefined;
}

/**
 * The chance that a task not complete at `lastSeenAt` is complete at `now`, taking completion
 * times as normally distributed around the estimate.
 */
export function chanceCompletedSince(estimate: CompletionEstimate, lastSeenAt: number, now: number): number {
  const completedBy = (at: number) => normalCdf((at - estimate.expectedAt) / estimate.spreadMs);
  const stillRunning = 1 - completedBy(lastSeenAt);
  // Long past its estimate the estimate says nothing more; such tasks rank last, not first.
  if (stillRunning < 1e-6) return 0;
  return Math.max(0, (completedBy(now) - completedBy(lastSeenAt)) / stillRunning);
}

/** Standard normal cumulative distribution (Abramowitz-Stegun 7.1.26, error below 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
