import type { TaskRecord } from "../../../shared/gateway-api/tasks.ts";
import type { LocalTaskStatus } from "../../../shared/ipc/tasks.ts";
import { withLedgerLink } from "../budget/ledger-context.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { dueAt, isPollable, nextInterval, type PollTiming } from "./poll-policy.ts";
import type { ResultKeeper } from "./result-keeper.ts";
import { RESULT_CUT_BY_RESTART, SUBMISSION_CUT_BY_RESTART, lastingPollFailure } from "./task-failures.ts";
import type { TaskRecords } from "./task-records.ts";
import type { TaskRow } from "./task-repository.ts";

export interface TaskPollerDependencies {
  readonly records: TaskRecords;
  readonly keeper: ResultKeeper;
  readonly clientFor: (profileId: string) => GatewayClient;
  readonly timing: PollTiming;
  readonly maxWaitOf: (profileId: string) => number;
  /** A held video's slot is due: try to submit it. */
  readonly startWaitingVideo: (row: TaskRow) => Promise<void>;
  /** A task's result is kept. */
  readonly onResultKept: (row: TaskRow) => void;
  /** A task ended without a result (failed, cancelled or expired at the gateway). */
  readonly onEndedWithoutResult: (row: TaskRow) => void;
}

/** What one poll read about a task at the gateway, and how to keep its result once completed. */
export interface RemoteReading {
  readonly row: TaskRow;
  readonly status: TaskRecord["status"];
  readonly progress: number;
  readonly errorCode: string | undefined;
  readonly errorMessage: string | undefined;
  readonly keepResult: () => Promise<void>;
}

const UNFINISHED: readonly LocalTaskStatus[] = ["queued", "processing", "waiting"];

/**
 * Follows accepted tasks at the gateway on one timer: each is polled when its interval (see
 * poll-policy.ts) comes round, until it ends or the maximum wait passes; held videos are started
 * when their slot comes. After a restart it resumes every task it can still follow.
 */
export class TaskPoller {
  private readonly deps: TaskPollerDependencies;
  private readonly polling = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(deps: TaskPollerDependencies) {
    this.deps = deps;
  }

  /** On start: every unfinished task goes on; a submission cut by a restart is never resent. */
  resume(): void {
    const { records } = this.deps;
    for (const row of records.tasks.withStatus(["submitting"])) records.fail(row.id, SUBMISSION_CUT_BY_RESTART);
    for (const row of records.tasks.withStatus(["queued", "processing"]))
      if (row.remote_id === null) records.fail(row.id, RESULT_CUT_BY_RESTART);
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** After "Timed out here": wait again, from now. */
  waitAgain(id: string): void {
    const now = Date.now();
    this.deps.records.change(
      id,
      { status: "processing", wait_started_at: now, next_poll_at: now, poll_interval_ms: null },
      ["timed_out"],
    );
    this.schedule();
  }

  schedule(): void {
    if (this.deps.records.closed) return;
    if (this.timer) clearTimeout(this.timer);
    const now = Date.now();
    const due = this.deps.records.tasks
      .withStatus(UNFINISHED)
      .map((row) => dueAt(row, now))
      .filter((at) => at !== null);
    if (due.length === 0) return;
    const next = Math.min(...due);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, next - Date.now()));
    this.timer.unref?.();
  }

  async poll(id: string): Promise<void> {
    const { records } = this.deps;
    if (records.closed || this.polling.has(id)) return;
    const row = records.tasks.get(id);
    if (!row?.remote_id || !isPollable(row.status)) return;
    this.polling.add(id);
    try {
      if (row.wait_started_at !== null && Date.now() - row.wait_started_at > this.deps.maxWaitOf(row.profile_id)) {
        records.change(id, { status: "timed_out", next_poll_at: null, wait_reason: null }, ["queued", "processing"]);
        return;
      }
      await this.applyRemote(await this.read(row, row.remote_id));
    } catch (error) {
      const lasting = lastingPollFailure(error, row.remote_id);
      if (lasting) {
        records.fail(id, lasting);
        this.deps.onEndedWithoutResult(row);
      } else {
        const retryAfter = error instanceof GatewayError ? error.retryAfter : undefined;
        const wait = retryAfter
          ? retryAfter * 1000
          : nextInterval(row.kind, row.poll_interval_ms, false, this.deps.timing);
        records.change(id, { next_poll_at: Date.now() + wait, poll_interval_ms: wait });
      }
    } finally {
      this.polling.delete(id);
      if (!records.closed) this.schedule();
    }
  }

  private async tick(): Promise<void> {
    if (this.deps.records.closed) return;
    const now = Date.now();
    const rows = this.deps.records.tasks.withStatus(UNFINISHED);
    await Promise.all(
      rows.map((row) => {
        const due = dueAt(row, now);
        if (due === null || due > now) return null;
        return row.status === "waiting" ? this.deps.startWaitingVideo(row) : this.poll(row.id);
      }),
    );
    this.schedule();
  }

  private async read(row: TaskRow, remoteId: string): Promise<RemoteReading> {
    const client = this.deps.clientFor(row.profile_id);
    const { keeper } = this.deps;
    if (row.kind === "video") {
      const { data } = await withLedgerLink({ taskId: row.id }, () => client.getVideo(remoteId));
      return {
        row,
        status: data.status,
        progress: data.progress,
        errorCode: data.error_code,
        errorMessage: data.error_message,
        keepResult: () => keeper.keepVideo(row, data),
      };
    }
    const { data } = await withLedgerLink({ taskId: row.id }, () => client.getTask(remoteId));
    return {
      row,
      status: data.status,
      progress: data.progress ?? row.progress,
      errorCode: data.error_code,
      errorMessage: data.error_message,
      keepResult: () => keeper.keepImages(row, data.result?.data ?? [], row.request_id),
    };
  }

  private async applyRemote({
    row,
    status,
    progress,
    errorCode,
    errorMessage,
    keepResult,
  }: RemoteReading): Promise<void> {
    const { records } = this.deps;
    const now = Date.now();
    switch (status) {
      case "completed":
        await keepResult();
        this.deps.onResultKept(row);
        return;
      case "failed":
        records.fail(row.id, { code: errorCode ?? "upstream_error", message: errorMessage ?? "The task failed." });
        this.deps.onEndedWithoutResult(row);
        return;
      case "cancelled":
      case "expired":
        records.change(row.id, {
          status,
          finished_at: now,
          next_poll_at: null,
          ...(status === "expired"
            ? { error_message: "The gateway cleaned up this result before it could be fetched." }
            : {}),
        });
        this.deps.onEndedWithoutResult(row);
        return;
      default: {
        const changed = status !== row.status || progress !== row.progress;
        const interval = nextInterval(row.kind, row.poll_interval_ms, changed, this.deps.timing);
        records.change(row.id, { status, progress, poll_interval_ms: interval, next_poll_at: now + interval }, [
          "queued",
          "processing",
        ]);
      }
    }
  }
}
