import type { LocalTaskStatus } from "../../../shared/ipc/tasks.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { MAX_RETRY_AFTER_S } from "../gateway-client/rate-limit-retry.ts";
import { monotonicNow } from "../scheduler/monotonic-clock.ts";
import type { PollPacer } from "./poll-pacer.ts";
import { dueAt, isPollable, nextInterval, type PollPolicy, type PollTiming } from "./poll-policy.ts";
import { applyReading } from "./reading-outcome.ts";
import { readRemote, type RemoteReading } from "./remote-reading.ts";
import type { ResultKeeper } from "./result-keeper.ts";
import { RESULT_CUT_BY_RESTART, SUBMISSION_CUT_BY_RESTART, isNotFound, lastingPollFailure } from "./task-failures.ts";
import { pollNotice } from "./task-notices.ts";
import type { TaskObservations } from "./task-observations.ts";
import { imageParamsOf } from "./task-params.ts";
import type { WatchedTasks } from "./watched-tasks.ts";
import type { TaskRow } from "./task-table.ts";

export interface TaskPollerDependencies {
  readonly watchedTasks: WatchedTasks;
  readonly keeper: ResultKeeper;
  readonly clientFor: (profileId: string) => GatewayClient;
  readonly timing: PollTiming;
  readonly policy: PollPolicy;
  readonly pacer: PollPacer;
  readonly observations: TaskObservations;
  readonly maxWaitOf: (profileId: string) => number;
  /** A held video's slot is due: try to submit it. */
  readonly startWaitingVideo: (row: TaskRow) => Promise<void>;
  /** A task's result is kept. */
  readonly onResultKept: (row: TaskRow) => void;
  /** A task ended without a result (failed, cancelled or expired at the gateway). */
  readonly onEndedWithoutResult: (row: TaskRow) => void;
}

const UNFINISHED: readonly LocalTaskStatus[] = ["queued", "processing", "waiting"];
/** A poll at least this likely to find a completion may use the polls held back for such looks. */
const LIKELY = 0.5;
const OVERDUE_INTERVALS = 2;
const RECHECK_MS = 1000;
const PAUSE_AFTER_FAILURE_MS = 5000;

/**
 * Follows accepted tasks at the gateway on one timer: each is polled when its policy's interval
 * comes round, until it ends or the maximum wait passes; held videos are started when their slot
 * comes. When a profile's poll pacer (poll-pacer.ts) cannot take every due task, the policy's
 * most urgent goes first. After a restart it resumes every task it can still follow.
 */
export class TaskPoller {
  private readonly deps: TaskPollerDependencies;
  private readonly polling = new Set<string>();
  /** How long each task had waited when this process first saw it, and when that was on the monotonic clock. */
  private readonly waits = new Map<string, { waitedMs: number; seenAt: number }>();
  /** Not-found answers in a row, by task: one alone does not end a task (NOT_FOUND_LOOKS). */
  private readonly notFound = new Map<string, number>();
  /** Failed polls in a row, by task: a failure that lasts is said on the task (task-notices.ts). */
  private readonly failing = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(deps: TaskPollerDependencies) {
    this.deps = deps;
  }

  /** On start: every unfinished task goes on; a submission cut by a restart is never resent. */
  resume(): void {
    const { watchedTasks } = this.deps;
    for (const row of watchedTasks.tasks.withStatus(["submitting"]))
      watchedTasks.fail(row.id, SUBMISSION_CUT_BY_RESTART);
    // A synchronous answer whose results were recorded is the submitter's to resume (keepRecorded).
    for (const row of watchedTasks.tasks.withStatus(["queued", "processing"]))
      if (row.remote_id === null && row.results === null) watchedTasks.fail(row.id, RESULT_CUT_BY_RESTART);
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** After "Timed out here": wait again, from now. */
  waitAgain(id: string): void {
    // Stryker disable next-line CallExpression: the schedule() after the poll that timed it out already forgot the wait of a task no longer followed
    this.waits.delete(id);
    const now = Date.now();
    this.deps.watchedTasks.change(
      id,
      { status: "processing", wait_started_at: now, next_poll_at: now, poll_interval_ms: null },
      ["timed_out"],
    );
    this.schedule();
  }

  schedule(): void {
    // Stryker disable next-line ConditionalExpression: once closed, the tick a timer would start does nothing
    if (this.deps.watchedTasks.closed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    let next: number | undefined;
    try {
      next = this.nextStart();
    } catch (error) {
      this.pauseAfter(error);
      return;
    }
    if (next === undefined) return;
    this.timer = setTimeout(() => void this.tick().catch((error: unknown) => this.pauseAfter(error)), next);
    // Stryker disable next-line OptionalChaining: a Node timer always has unref
    this.timer.unref?.();
  }

  /** How long until the engine should next act on a row; undefined while nothing can be done by waiting. */
  private nextStart(): number | undefined {
    const now = Date.now();
    const unfinished = this.deps.watchedTasks.tasks.withStatus(UNFINISHED);
    const following = new Set(unfinished.map((row) => row.id));
    // Stryker disable next-line ConditionalExpression,CallExpression: a task is followed again only through waitAgain, which forgets its wait too
    for (const id of this.waits.keys()) if (!following.has(id)) this.waits.delete(id);
    const due = unfinished
      .filter((row) => !this.polling.has(row.id))
      .map((row) => this.startsAt(row, now))
      .filter((at) => at !== null);
    return due.length === 0 ? undefined : Math.max(0, Math.min(...due) - Date.now());
  }

  /**
   * A failure of the app's own (the database unreadable or the disk full, say) pauses polling and
   * tries again later: it must neither end the process nor stop the tasks being followed for good.
   */
  private pauseAfter(error: unknown): void {
    console.error(`Task polling paused for ${PAUSE_AFTER_FAILURE_MS / 1000} s after an error:`, error);
    // Stryker disable next-line ConditionalExpression: once closed, the schedule() this timer calls does nothing
    if (this.deps.watchedTasks.closed) return;
    // Stryker disable next-line CallExpression: a timer left over could only call schedule() once more, which replaces its own timer
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.schedule(), PAUSE_AFTER_FAILURE_MS);
    // Stryker disable next-line OptionalChaining: a Node timer always has unref
    this.timer.unref?.();
  }

  async poll(id: string): Promise<void> {
    const { watchedTasks } = this.deps;
    if (watchedTasks.closed || this.polling.has(id)) return;
    const row = watchedTasks.tasks.get(id);
    if (!row?.remote_id || !isPollable(row.status)) return;
    this.polling.add(id);
    try {
      if (this.waitedMs(row) > this.deps.maxWaitOf(row.profile_id)) {
        watchedTasks.change(id, { status: "timed_out", next_poll_at: null, wait_reason: null }, [
          "queued",
          "processing",
        ]);
        return;
      }
      const reading = await this.readPaced(row, row.remote_id);
      // Keeping a completed task's result (a download of up to minutes) must not hold the other tasks' polls.
      // Stryker disable next-line ConditionalExpression,EqualityOperator: another schedule() only weighs the tasks once more
      if (reading.status === "completed") this.schedule();
      await applyReading(this.deps, reading);
      this.notFound.delete(id);
      this.failing.delete(id);
    } catch (error) {
      const looks = isNotFound(error) ? (this.notFound.get(id) ?? 0) + 1 : 0;
      this.notFound.set(id, looks);
      const lasting = lastingPollFailure(error, row.remote_id, looks);
      if (lasting) {
        // Stryker disable next-line CallExpression: frees memory only; a failed task is not polled again
        this.notFound.delete(id);
        // Stryker disable next-line CallExpression: frees memory only; a task ended here (failed or completed) is not polled again
        this.failing.delete(id);
        const asked = row.kind === "image" ? imageParamsOf(row).n : 1;
        if (watchedTasks.endWithout(id, lasting, asked)) this.deps.onResultKept(row);
        else this.deps.onEndedWithoutResult(row);
      } else {
        const retryAfter = error instanceof GatewayError ? error.retryAfter : undefined;
        const wait = retryAfter
          ? Math.min(retryAfter, MAX_RETRY_AFTER_S) * 1000
          : nextInterval(row.kind, row.poll_interval_ms, false, this.deps.timing);
        const failures = (this.failing.get(id) ?? 0) + 1;
        this.failing.set(id, failures);
        const notice = pollNotice(error, failures);
        watchedTasks.change(id, {
          next_poll_at: Date.now() + wait,
          poll_interval_ms: wait,
          ...(notice ? { notice: JSON.stringify(notice) } : {}),
        });
      }
    } finally {
      this.polling.delete(id);
      this.schedule();
    }
  }

  /** One poll slot of the profile's pacer, given back as soon as the gateway has answered. */
  private async readPaced(row: TaskRow, remoteId: string): Promise<RemoteReading> {
    this.deps.pacer.take(row.profile_id, Date.now());
    try {
      return await readRemote(row, remoteId, this.deps.clientFor(row.profile_id), this.deps.keeper);
    } finally {
      this.deps.pacer.release(row.profile_id);
    }
  }

  /**
   * How long a task has waited: the wall clock says it once, when this process first sees the
   * task (it may have waited across a restart); from then on the monotonic clock counts, so a
   * clock set forward does not time out every running task.
   */
  private waitedMs(row: TaskRow): number {
    if (row.wait_started_at === null) return 0;
    let wait = this.waits.get(row.id);
    if (!wait) {
      wait = { waitedMs: Math.max(0, Date.now() - row.wait_started_at), seenAt: monotonicNow() };
      this.waits.set(row.id, wait);
    }
    return wait.waitedMs + (monotonicNow() - wait.seenAt);
  }

  /**
   * When a row is due. A poll dated further ahead than any interval was dated by a wall clock that
   * has since been set back: it is due now (and dated anew), not after the difference.
   */
  private dueOf(row: TaskRow, now: number): number | null {
    const due = dueAt(row, now);
    if (due === null || row.status === "waiting") return due;
    return due > now + Math.max(row.poll_interval_ms ?? 0, this.deps.timing.maxIntervalMs) ? now : due;
  }

  private async tick(): Promise<void> {
    if (this.deps.watchedTasks.closed) return;
    const now = Date.now();
    // Stryker disable next-line ArrayDeclaration: Promise.all waits for a string as for nothing
    const work: Promise<void>[] = [];
    const pacedDue = new Map<string, TaskRow[]>();
    for (const row of this.deps.watchedTasks.tasks.withStatus(UNFINISHED)) {
      // A task being read or having its result kept is not due again.
      if (this.polling.has(row.id)) continue;
      const due = this.dueOf(row, now);
      if (due === null || due > now) continue;
      if (row.status === "waiting") work.push(this.deps.startWaitingVideo(row));
      else if (!this.deps.pacer.paced(row.profile_id)) work.push(this.poll(row.id));
      else {
        // Added in place: copying the list for each of hundreds of due tasks took more than the reads.
        const candidates = pacedDue.get(row.profile_id) ?? [];
        candidates.push(row);
        pacedDue.set(row.profile_id, candidates);
      }
    }
    for (const [profileId, candidates] of pacedDue) {
      const chosen = this.mostUrgent(candidates, now);
      // Stryker disable next-line ConditionalExpression: a profile is in pacedDue only with a candidate
      if (!chosen) continue;
      const open = this.deps.pacer.openAt(profileId, chosen.likely, now);
      if (open !== null && open <= now) work.push(this.poll(chosen.row.id));
    }
    await Promise.all(work);
    this.schedule();
  }

  /**
   * When the engine should act on a row: when it is due and, for a paced profile, its pacer allows.
   * A due poll the pacer holds back as unlikely is looked at again each second, as it grows likelier.
   */
  private startsAt(row: TaskRow, now: number): number | null {
    const due = this.dueOf(row, now);
    if (due === null || row.status === "waiting" || !this.deps.pacer.paced(row.profile_id)) return due;
    const at = Math.max(due, now);
    const { likely } = this.prospect(row, at);
    const open = this.deps.pacer.openAt(row.profile_id, likely, now);
    if (open === null) return null;
    return likely ? Math.max(due, open) : Math.min(Math.max(due, open), at + RECHECK_MS);
  }

  private mostUrgent(candidates: readonly TaskRow[], now: number) {
    const ranked = candidates.map((row) => this.prospect(row, now));
    ranked.sort((a, b) => Number(b.likely) - Number(a.likely) || b.urgency - a.urgency || a.lastSeenAt - b.lastSeenAt);
    return ranked[0];
  }

  /**
   * How likely a look at the task is to find it complete, and whether it may use the polls kept
   * for such looks: when likely, or when the task has gone unseen for two of the longest intervals
   * (an estimate that keeps it waiting must not keep it waiting for ever).
   */
  private prospect(row: TaskRow, at: number) {
    const outlook = this.deps.observations.outlook(row, false);
    const urgency = this.deps.policy.urgency(outlook, at);
    const overdue = at - outlook.lastSeenAt >= OVERDUE_INTERVALS * this.deps.timing.maxIntervalMs;
    return { row, urgency, lastSeenAt: outlook.lastSeenAt, likely: urgency >= LIKELY || overdue };
  }
}
