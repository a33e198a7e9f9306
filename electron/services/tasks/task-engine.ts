import { FINISHED_TASK_STATUSES, type LocalTaskStatus, type TaskView } from "../../../shared/ipc/tasks.ts";
import { appError } from "../app-error.ts";
import { withLedgerLink } from "../ledger/ledger-context.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import type { MediaLibrary } from "../media/media-library.ts";
import { expectedCompletionPolicy } from "./expected-completion-policy.ts";
import { ModelDurations } from "./model-durations.ts";
import { PollPacer } from "./poll-pacer.ts";
import { DEFAULT_POLL_TIMING, type PollTiming } from "./poll-policy.ts";
import { ResultKeeper } from "./result-keeper.ts";
import type { ResultFetch } from "./result-fetch.ts";
import { imageParamsOf, videoParamsOf, type ImageParams, type VideoParams } from "./task-params.ts";
import { TaskObservations } from "./task-observations.ts";
import { TaskPoller } from "./task-poller.ts";
import { WatchedTasks } from "./watched-tasks.ts";
import type { TaskTable, TaskRow } from "./task-table.ts";
import { TaskSubmitter } from "./task-submitter.ts";
import { memoForTurn } from "./turn-memo.ts";
import { DEFAULT_VIDEO_LIMITS, type VideoLimits } from "./video-slots.ts";

interface TaskEngineDependencies {
  readonly tasks: TaskTable;
  readonly media: MediaLibrary;
  readonly clientFor: (profileId: string) => GatewayClient;
  /** Downloads results (result-fetch.ts); never with a key. */
  readonly download: ResultFetch;
  /** A profile's base URL: its host is trusted for results on any port. */
  readonly profileBaseUrl: (profileId: string) => string;
  /** The other origins a profile trusts for results (its Result origins). */
  readonly resultOrigins: (profileId: string) => readonly string[];
  readonly timing?: PollTiming;
  /**
   * A profile's video limits, maximum wait and requests per minute (which paces its polls), from
   * its settings; an explicit `timing` overrides the wait.
   */
  readonly profileSettings?: (profileId: string) => {
    videoLimits: VideoLimits;
    maxWaitMs: number;
    rpm?: number | undefined;
  };
  /** Whether more than half of the profile's key's current minute is spent (request-scheduler.ts). */
  readonly busyOf?: (profileId: string) => boolean;
  readonly onTaskChanged: (view: TaskView) => void;
}

/**
 * Asynchronous jobs that cost money: written to SQLite before anything is awaited, submitted once
 * (task-submitter.ts), followed at the gateway and resumed after a restart (task-poller.ts), and
 * kept in the media folder the moment they complete (result-keeper.ts). Videos beyond the
 * profile's limits wait here, and the next one starts when one ends.
 */
export class TaskEngine {
  private readonly deps: TaskEngineDependencies;
  private readonly watchedTasks: WatchedTasks;
  private readonly submitter: TaskSubmitter;
  private readonly poller: TaskPoller;

  constructor(deps: TaskEngineDependencies) {
    this.deps = deps;
    const timing = deps.timing ?? DEFAULT_POLL_TIMING;
    const observations = new TaskObservations(new ModelDurations(deps.tasks.database));
    const watchedTasks = new WatchedTasks(deps.tasks, deps.media, deps.onTaskChanged, (row) =>
      observations.expectedAt(row),
    );
    const keeper = new ResultKeeper(deps.media, (profileId) => ({
      fetch: deps.download,
      profileBaseUrl: deps.profileBaseUrl(profileId),
      resultOrigins: deps.resultOrigins(profileId),
    }));
    this.watchedTasks = watchedTasks;
    this.submitter = new TaskSubmitter({
      watchedTasks,
      keeper,
      clientFor: deps.clientFor,
      timing,
      videoLimitsOf: (profileId) => deps.profileSettings?.(profileId).videoLimits ?? DEFAULT_VIDEO_LIMITS,
      onScheduled: () => this.poller.schedule(),
      onResultKept: (row) => this.finishWithResult(row),
    });
    this.poller = new TaskPoller({
      watchedTasks,
      keeper,
      clientFor: deps.clientFor,
      timing,
      policy: timing.policy ?? expectedCompletionPolicy,
      pacer: new PollPacer(
        memoForTurn((profileId) => deps.profileSettings?.(profileId).rpm),
        memoForTurn((profileId) => deps.busyOf?.(profileId) ?? false),
      ),
      observations,
      maxWaitOf: (profileId) =>
        deps.timing?.maxWaitMs ?? deps.profileSettings?.(profileId).maxWaitMs ?? timing.maxWaitMs,
      startWaitingVideo: (row) => this.submitter.startInBackground(row),
      onResultKept: (row) => this.finishWithResult(row),
      onEndedWithoutResult: (row) => this.startNextWaitingVideo(row),
    });
  }

  /** On start: every unfinished task of every profile goes on; a submission cut by a restart is never resent. */
  resume(): void {
    for (const row of this.deps.tasks.withStatus(["processing"]))
      if (row.remote_id === null && row.results !== null) void this.submitter.keepRecorded(row);
    this.poller.resume();
  }

  close(): void {
    this.watchedTasks.close();
    this.poller.stop();
  }

  list(profileId: string, status?: LocalTaskStatus): TaskView[] {
    return this.deps.tasks.list(profileId, status).map((row) => this.watchedTasks.view(row));
  }

  async generateImage(profileId: string, params: ImageParams): Promise<TaskView> {
    const row = this.watchedTasks.insert({ profileId, kind: "image", ...this.described(params), status: "submitting" });
    await this.submitter.submitImage(row, params);
    return this.watchedTasks.viewOf(row.id);
  }

  async generateVideo(profileId: string, params: VideoParams): Promise<TaskView> {
    const row = this.watchedTasks.insert({ profileId, kind: "video", ...this.described(params), status: "waiting" });
    await this.submitter.startWaitingVideo(row);
    return this.watchedTasks.viewOf(row.id);
  }

  async cancel(id: string): Promise<TaskView> {
    const { watchedTasks } = this;
    const row = watchedTasks.require(id);
    if (row.status === "waiting") {
      watchedTasks.change(id, { status: "cancelled", wait_reason: null, finished_at: Date.now() }, ["waiting"]);
      return watchedTasks.viewOf(id);
    }
    if (row.status === "submitting") throw appError("TASK_SUBMITTING");
    if (!row.remote_id || FINISHED_TASK_STATUSES.includes(row.status)) {
      throw appError("TASK_NOT_CANCELLABLE");
    }
    try {
      const remoteId = row.remote_id;
      const { data } = await withLedgerLink({ taskId: id }, () =>
        this.deps.clientFor(row.profile_id).cancelTask(remoteId),
      );
      watchedTasks.change(id, {
        status: "cancelled",
        progress: data.progress ?? row.progress,
        finished_at: Date.now(),
        next_poll_at: null,
      });
    } catch (error) {
      // The gateway refused (e.g. it finished meanwhile): show its answer and read the task again.
      void this.poller.poll(id);
      throw error;
    }
    return watchedTasks.viewOf(id);
  }

  /** A new submission with the same parameters. */
  async retry(id: string): Promise<TaskView> {
    const row = this.watchedTasks.require(id);
    return row.kind === "image"
      ? this.generateImage(row.profile_id, imageParamsOf(row))
      : this.generateVideo(row.profile_id, videoParamsOf(row));
  }

  /** After "Timed out here": wait again, from now. */
  checkAgain(id: string): TaskView {
    const row = this.watchedTasks.require(id);
    if (row.status !== "timed_out") throw appError("TASK_NOT_TIMED_OUT");
    this.poller.waitAgain(id);
    return this.watchedTasks.viewOf(id);
  }

  clearFinished(profileId: string): number {
    return this.deps.tasks.dismissFinished(profileId, FINISHED_TASK_STATUSES);
  }

  private described(params: ImageParams | VideoParams) {
    return { model: params.model, prompt: params.prompt, params };
  }

  private finishWithResult(row: TaskRow): void {
    this.watchedTasks.change(row.id, {
      status: "completed",
      progress: 100,
      finished_at: Date.now(),
      next_poll_at: null,
      wait_reason: null,
    });
    this.deps.media.announceTask(row.id);
    this.startNextWaitingVideo(row);
  }

  /** A video ended, so a slot may be free: the profile's next held video tries for it. */
  private startNextWaitingVideo(row: TaskRow): void {
    if (row.kind !== "video") return;
    const next = this.deps.tasks.withStatus(["waiting"]).find((waiting) => waiting.profile_id === row.profile_id);
    if (next) void this.submitter.startInBackground(next);
  }
}
