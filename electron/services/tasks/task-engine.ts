import { randomUUID } from "node:crypto";
import type { TaskRecord } from "../../../shared/gateway-api/tasks.ts";
import {
  FINISHED_TASK_STATUSES,
  SUBMISSION_UNCONFIRMED,
  type LocalTaskStatus,
  type TaskView,
} from "../../../shared/ipc/tasks.ts";
import { AppError } from "../app-error.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import type { MediaLibrary } from "../media/media-library.ts";
import { DEFAULT_POLL_TIMING, baseInterval, dueAt, isPollable, nextInterval, type PollTiming } from "./poll-policy.ts";
import { ResultKeeper } from "./result-keeper.ts";
import { submitOnce } from "./submit-once.ts";
import {
  RESULT_CUT_BY_RESTART,
  SUBMISSION_CUT_BY_RESTART,
  lastingPollFailure,
  resultNotKept,
  submissionFailure,
  type TaskFailure,
} from "./task-failures.ts";
import { imageParamsOf, videoParamsOf, type ImageParams, type VideoParams } from "./task-params.ts";
import type { TaskRepository, TaskRow } from "./task-repository.ts";
import { DEFAULT_VIDEO_LIMITS, videoSlot, type VideoLimits } from "./video-slots.ts";
import { withLedgerLink } from "../budget/ledger-context.ts";

export interface TaskEngineDependencies {
  readonly tasks: TaskRepository;
  readonly media: MediaLibrary;
  readonly clientFor: (profileId: string) => GatewayClient;
  /** Downloads results (see result-download.ts); never with a key. */
  readonly download: typeof fetch;
  /** A profile's base URL: results are read over https or from its origin only. */
  readonly profileBaseUrl: (profileId: string) => string;
  readonly timing?: PollTiming;
  /** A profile's video limits and maximum wait, from its settings; an explicit `timing` overrides the wait. */
  readonly profileSettings?: (profileId: string) => { videoLimits: VideoLimits; maxWaitMs: number };
  readonly onTaskChanged: (view: TaskView) => void;
  readonly onGalleryChanged: (change: { profileId: string; kind: "image" | "video" }) => void;
}

/**
 * Asynchronous jobs that cost money: written to SQLite before anything is awaited, submitted once
 * (a retry only after a 429, which was not accepted), polled with a growing interval, resumed after
 * a restart, and downloaded into the media folder the moment they complete.
 */
export class TaskEngine {
  private readonly deps: TaskEngineDependencies;
  private readonly timing: PollTiming;
  private readonly keeper: ResultKeeper;
  private readonly polling = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(deps: TaskEngineDependencies) {
    this.deps = deps;
    this.timing = deps.timing ?? DEFAULT_POLL_TIMING;
    this.keeper = new ResultKeeper(deps.media, (profileId) => ({
      fetch: deps.download,
      profileBaseUrl: deps.profileBaseUrl(profileId),
    }));
  }

  /** On start: every unfinished task of every profile goes on; a submission cut by a restart is never resent. */
  resume(): void {
    for (const row of this.deps.tasks.withStatus(["submitting"])) this.fail(row.id, SUBMISSION_CUT_BY_RESTART);
    for (const row of this.deps.tasks.withStatus(["queued", "processing"]))
      if (row.remote_id === null) this.fail(row.id, RESULT_CUT_BY_RESTART);
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  list(profileId: string, status?: LocalTaskStatus): TaskView[] {
    return this.deps.tasks.list(profileId, status).map((row) => this.view(row));
  }

  async generateImage(profileId: string, params: ImageParams): Promise<TaskView> {
    const row = this.insert(profileId, "image", params.model, params.prompt, params, "submitting");
    await this.submitImage(row, params);
    return this.viewOf(row.id);
  }

  async generateVideo(profileId: string, params: VideoParams): Promise<TaskView> {
    const row = this.insert(profileId, "video", params.model, params.prompt, params, "waiting");
    await this.startWaitingVideo(row);
    return this.viewOf(row.id);
  }

  async cancel(id: string): Promise<TaskView> {
    const row = this.require(id);
    if (row.status === "waiting") {
      this.change(id, { status: "cancelled", wait_reason: null, finished_at: Date.now() }, ["waiting"]);
      return this.viewOf(id);
    }
    if (row.status === "submitting")
      throw new AppError("TASK_SUBMITTING", "This task is still being submitted; cancel it in a moment.");
    if (!row.remote_id || FINISHED_TASK_STATUSES.includes(row.status)) {
      throw new AppError("TASK_NOT_CANCELLABLE", `This task is ${row.status} and can no longer be cancelled.`);
    }
    try {
      const remoteId = row.remote_id;
      const { data } = await withLedgerLink({ taskId: id }, () =>
        this.deps.clientFor(row.profile_id).cancelTask(remoteId),
      );
      this.change(id, {
        status: "cancelled",
        progress: data.progress ?? row.progress,
        finished_at: Date.now(),
        next_poll_at: null,
      });
    } catch (error) {
      // The gateway refused (e.g. it finished meanwhile): show its answer and read the task again.
      void this.poll(id);
      throw error;
    }
    return this.viewOf(id);
  }

  /** A new submission with the same parameters. */
  async retry(id: string): Promise<TaskView> {
    const row = this.require(id);
    return row.kind === "image"
      ? this.generateImage(row.profile_id, imageParamsOf(row))
      : this.generateVideo(row.profile_id, videoParamsOf(row));
  }

  /** After "Timed out here": wait again, from now. */
  checkAgain(id: string): TaskView {
    const row = this.require(id);
    if (row.status !== "timed_out")
      throw new AppError("TASK_NOT_TIMED_OUT", "Only a task that timed out here can be checked again.");
    const now = Date.now();
    this.change(id, { status: "processing", wait_started_at: now, next_poll_at: now, poll_interval_ms: null }, [
      "timed_out",
    ]);
    this.schedule();
    return this.viewOf(id);
  }

  clearFinished(profileId: string): number {
    return this.deps.tasks.dismissFinished(profileId, FINISHED_TASK_STATUSES);
  }

  private insert(
    profileId: string,
    kind: "image" | "video",
    model: string,
    prompt: string,
    params: object,
    status: LocalTaskStatus,
  ) {
    const now = Date.now();
    const row = this.deps.tasks.insert({
      id: randomUUID(),
      profile_id: profileId,
      kind,
      model,
      prompt,
      params: JSON.stringify(params),
      status,
      progress: 0,
      remote_id: null,
      request_id: null,
      wait_reason: null,
      error_code: null,
      error_message: null,
      created_at: now,
      submitted_at: status === "submitting" ? now : null,
      updated_at: now,
      finished_at: null,
      next_poll_at: null,
      poll_interval_ms: null,
      wait_started_at: null,
    });
    this.deps.onTaskChanged(this.view(row));
    return row;
  }

  /** Sends a submission once (see submitOnce); a failure is recorded on the row, then thrown for the caller. */
  private async submit<T>(row: TaskRow, send: (client: GatewayClient) => Promise<T>): Promise<T> {
    try {
      return await submitOnce(
        () => withLedgerLink({ taskId: row.id }, () => send(this.deps.clientFor(row.profile_id))),
        (reason) => this.change(row.id, { wait_reason: reason }),
      );
    } catch (error) {
      const failure = submissionFailure(error);
      this.fail(row.id, failure);
      throw failure.code === SUBMISSION_UNCONFIRMED ? new AppError(failure.code, failure.message) : error;
    }
  }

  private async submitImage(row: TaskRow, params: ImageParams): Promise<void> {
    const { data, meta } = await this.submit(row, (client) =>
      client.generateImages({
        model: params.model,
        prompt: params.prompt,
        n: params.n,
        size: params.size,
        response_format: params.responseFormat,
        async: params.async,
      }),
    );
    if ("id" in data) {
      this.accepted(row, data.id, data.status, meta.requestId ?? data.request_id);
      return;
    }
    this.change(row.id, { request_id: meta.requestId, status: "processing", progress: 99 });
    try {
      await this.keeper.keepImages(row, data.data, meta.requestId);
    } catch (error) {
      const failure = resultNotKept(error, null);
      this.fail(row.id, failure);
      throw new AppError(failure.code, failure.message);
    }
    this.finishWithResult(row, "image");
  }

  private async startWaitingVideo(row: TaskRow): Promise<void> {
    const decision = videoSlot(
      this.deps.tasks,
      row.profile_id,
      this.settingsOf(row.profile_id).videoLimits,
      Date.now(),
    );
    if (!decision.free) {
      this.change(row.id, { wait_reason: decision.reason, next_poll_at: decision.retryAt }, ["waiting"]);
      this.schedule();
      return;
    }
    const now = Date.now();
    if (
      !this.change(row.id, { status: "submitting", submitted_at: now, wait_reason: null, next_poll_at: null }, [
        "waiting",
      ])
    )
      return;
    const params = videoParamsOf(row);
    const { data, meta } = await this.submit(row, (client) =>
      client.submitVideo({
        model: params.model,
        prompt: params.prompt,
        size: params.size,
        duration: params.duration,
        ...(params.imageUrl ? { image: params.imageUrl } : {}),
      }),
    );
    this.accepted(row, data.task_id, data.status, meta.requestId);
  }

  /** Starts a queued video in the background; a refusal is already recorded on its row. */
  private startInBackground(row: TaskRow): Promise<void> {
    return this.startWaitingVideo(row).catch(() => undefined);
  }

  private accepted(row: TaskRow, remoteId: string, status: string, requestId: string | null): void {
    const now = Date.now();
    const interval = baseInterval(row.kind, this.timing);
    this.change(row.id, {
      remote_id: remoteId,
      status: status === "processing" ? "processing" : "queued",
      request_id: requestId,
      wait_started_at: now,
      poll_interval_ms: interval,
      next_poll_at: now + interval,
    });
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    const now = Date.now();
    const due = this.deps.tasks
      .withStatus(["queued", "processing", "waiting"])
      .map((row) => dueAt(row, now))
      .filter((at) => at !== null);
    if (due.length === 0) return;
    const next = Math.min(...due);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, next - Date.now()));
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    const now = Date.now();
    const rows = this.deps.tasks.withStatus(["queued", "processing", "waiting"]);
    await Promise.all(
      rows.map((row) => {
        const due = dueAt(row, now);
        if (due === null || due > now) return null;
        return row.status === "waiting" ? this.startInBackground(row) : this.poll(row.id);
      }),
    );
    this.schedule();
  }

  private async poll(id: string): Promise<void> {
    if (this.closed || this.polling.has(id)) return;
    const row = this.deps.tasks.get(id);
    if (!row?.remote_id || !isPollable(row.status)) return;
    this.polling.add(id);
    try {
      if (
        row.wait_started_at !== null &&
        Date.now() - row.wait_started_at > this.settingsOf(row.profile_id).maxWaitMs
      ) {
        this.change(id, { status: "timed_out", next_poll_at: null, wait_reason: null }, ["queued", "processing"]);
        return;
      }
      const client = this.deps.clientFor(row.profile_id);
      if (row.kind === "video") {
        const remoteId = row.remote_id;
        const { data } = await withLedgerLink({ taskId: id }, () => client.getVideo(remoteId));
        await this.applyRemote(row, data.status, data.progress, data.error_code, data.error_message, () =>
          this.keeper.keepVideo(row, data),
        );
      } else {
        const remoteId = row.remote_id;
        const { data } = await withLedgerLink({ taskId: id }, () => client.getTask(remoteId));
        await this.applyRemote(
          row,
          data.status,
          data.progress ?? row.progress,
          data.error_code,
          data.error_message,
          () => this.keeper.keepImages(row, data.result?.data ?? [], row.request_id),
        );
      }
    } catch (error) {
      const lasting = lastingPollFailure(error, row.remote_id);
      if (lasting) {
        this.fail(id, lasting);
        this.startNextWaitingVideo(row);
      } else {
        const retryAfter = error instanceof GatewayError ? error.retryAfter : undefined;
        const wait = retryAfter ? retryAfter * 1000 : nextInterval(row.kind, row.poll_interval_ms, false, this.timing);
        this.change(id, { next_poll_at: Date.now() + wait, poll_interval_ms: wait });
      }
    } finally {
      this.polling.delete(id);
      if (!this.closed) this.schedule();
    }
  }

  private async applyRemote(
    row: TaskRow,
    status: TaskRecord["status"],
    progress: number,
    errorCode: string | undefined,
    errorMessage: string | undefined,
    keepResult: () => Promise<void>,
  ): Promise<void> {
    const now = Date.now();
    switch (status) {
      case "completed":
        await keepResult();
        this.finishWithResult(row, row.kind);
        return;
      case "failed":
        this.fail(row.id, { code: errorCode ?? "upstream_error", message: errorMessage ?? "The task failed." });
        this.startNextWaitingVideo(row);
        return;
      case "cancelled":
      case "expired":
        this.change(row.id, {
          status,
          finished_at: now,
          next_poll_at: null,
          ...(status === "expired"
            ? { error_message: "The gateway cleaned up this result before it could be fetched." }
            : {}),
        });
        this.startNextWaitingVideo(row);
        return;
      default: {
        const changed = status !== row.status || progress !== row.progress;
        const interval = nextInterval(row.kind, row.poll_interval_ms, changed, this.timing);
        this.change(row.id, { status, progress, poll_interval_ms: interval, next_poll_at: now + interval }, [
          "queued",
          "processing",
        ]);
      }
    }
  }

  private finishWithResult(row: TaskRow, kind: "image" | "video"): void {
    this.change(row.id, {
      status: "completed",
      progress: 100,
      finished_at: Date.now(),
      next_poll_at: null,
      wait_reason: null,
    });
    this.deps.onGalleryChanged({ profileId: row.profile_id, kind });
    this.startNextWaitingVideo(row);
  }

  private startNextWaitingVideo(row: TaskRow): void {
    if (row.kind !== "video") return;
    const next = this.deps.tasks.withStatus(["waiting"]).find((waiting) => waiting.profile_id === row.profile_id);
    if (next) void this.startInBackground(next);
  }

  private settingsOf(profileId: string): { videoLimits: VideoLimits; maxWaitMs: number } {
    const profile = this.deps.profileSettings?.(profileId);
    return {
      videoLimits: profile?.videoLimits ?? DEFAULT_VIDEO_LIMITS,
      maxWaitMs: this.deps.timing?.maxWaitMs ?? profile?.maxWaitMs ?? this.timing.maxWaitMs,
    };
  }

  private fail(id: string, failure: TaskFailure): void {
    this.change(id, {
      status: "failed",
      error_code: failure.code,
      error_message: failure.message,
      ...(failure.requestId ? { request_id: failure.requestId } : {}),
      finished_at: Date.now(),
      next_poll_at: null,
      wait_reason: null,
    });
  }

  private change(
    id: string,
    change: Parameters<TaskRepository["update"]>[1],
    from?: readonly LocalTaskStatus[],
  ): boolean {
    // Work still in flight when the app closes is picked up again by resume() next time.
    if (this.closed) return false;
    const done = this.deps.tasks.update(id, change, from);
    if (done) this.deps.onTaskChanged(this.viewOf(id));
    return done;
  }

  private require(id: string): TaskRow {
    const row = this.deps.tasks.get(id);
    if (!row) throw new AppError("TASK_NOT_FOUND", "This task no longer exists.");
    return row;
  }

  private viewOf(id: string): TaskView {
    return this.view(this.require(id));
  }

  private view(row: TaskRow): TaskView {
    return this.deps.tasks.view(row, this.deps.media.idsForTask(row.id));
  }
}
