import { z } from "zod";
import { readStoredColumn } from "../store/stored-json.ts";
import { SUBMISSION_UNCONFIRMED } from "../../../shared/ipc/tasks.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { AppError } from "../app-error.ts";
import { withLedgerLink } from "../ledger/ledger-context.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { withRateLimitRetry } from "../gateway-client/rate-limit-retry.ts";
import { baseInterval, type PollTiming } from "./poll-policy.ts";
import type { ResultKeeper } from "./result-keeper.ts";
import { resultNotKept, submissionFailure } from "./task-failures.ts";
import { resultsLeftOut } from "./task-notices.ts";
import { imageParamsOf, videoParamsOf, type ImageParams } from "./task-params.ts";
import type { WatchedTasks } from "./watched-tasks.ts";
import type { TaskRow } from "./task-table.ts";
import { videoSlot, type VideoLimits } from "./video-slots.ts";

/** A synchronous answer's results as recorded on its row. */
const RecordedResultsSchema = z.array(z.object({ url: z.string().optional(), b64_json: z.string().optional() }));

interface TaskSubmitterDependencies {
  readonly watchedTasks: WatchedTasks;
  readonly keeper: ResultKeeper;
  readonly clientFor: (profileId: string) => GatewayClient;
  readonly timing: PollTiming;
  readonly videoLimitsOf: (profileId: string) => VideoLimits;
  /** A row gained a time to be looked at again (a poll, or a free video slot). */
  readonly onScheduled: () => void;
  /** A synchronous image's files are kept. */
  readonly onResultKept: (row: TaskRow) => void;
}

/**
 * Sends each paid submission exactly once. The only resend is after a 429, which the gateway
 * refused before accepting anything; any other failure is recorded on the row and never resent.
 */
export class TaskSubmitter {
  private readonly deps: TaskSubmitterDependencies;

  constructor(deps: TaskSubmitterDependencies) {
    this.deps = deps;
  }

  async submitImage(row: TaskRow, params: ImageParams): Promise<void> {
    const { watchedTasks } = this.deps;
    const { data, meta } = await this.submit(row, (client) =>
      client.generateImages({
        model: params.model,
        prompt: params.prompt,
        n: params.n,
        size: params.size,
        response_format: params.responseFormat,
        async: params.async,
        // Stryker disable next-line ConditionalExpression: a seed of undefined is left out of the JSON body either way
        ...(params.seed === undefined ? {} : { seed: params.seed }),
      }),
    );
    if ("id" in data) {
      this.accepted(row, data.id, data.status, meta.requestId ?? data.request_id ?? null);
      return;
    }
    // Recorded before the first download: a restart mid-way resumes the rest (keepRecorded).
    const results = JSON.stringify(data.data.slice(0, params.n));
    watchedTasks.change(row.id, { request_id: meta.requestId, status: "processing", progress: 99, results });
    const failure = await this.keepSynchronous(row, data.data, meta.requestId);
    if (failure) throw new AppError(failure.code, failure.text);
  }

  /** After a restart: keeps the rest of a synchronous answer's results, recorded before the restart cut it. */
  async keepRecorded(row: TaskRow): Promise<void> {
    const items = readStoredColumn(row.results, RecordedResultsSchema) ?? [];
    await this.keepSynchronous(row, items, row.request_id);
  }

  /**
   * Keeps a synchronous answer's results; when none could be kept, the failure (recorded on the row).
   * Some kept, the task completes with them and says what is missing.
   */
  private async keepSynchronous(
    row: TaskRow,
    items: readonly { url?: string | undefined; b64_json?: string | undefined }[],
    requestId: string | null,
  ) {
    const { watchedTasks, keeper } = this.deps;
    try {
      const leftOut = await keeper.keepImages(row, items, requestId);
      watchedTasks.change(row.id, {
        results: null,
        ...(leftOut > 0 ? { notice: JSON.stringify(resultsLeftOut(leftOut)) } : {}),
      });
    } catch (error) {
      const failure = resultNotKept(error, null);
      watchedTasks.change(row.id, { results: null });
      if (!watchedTasks.endWithout(row.id, failure, imageParamsOf(row).n)) return failure;
    }
    this.deps.onResultKept(row);
    return null;
  }

  /** Submits a held video when the profile's video limits allow one more, or holds it until they do. */
  async startWaitingVideo(row: TaskRow): Promise<void> {
    const { watchedTasks } = this.deps;
    const decision = videoSlot(watchedTasks.tasks, row.profile_id, this.deps.videoLimitsOf(row.profile_id), Date.now());
    if (!decision.free) {
      watchedTasks.change(row.id, { wait_reason: JSON.stringify(decision.reason), next_poll_at: decision.retryAt }, [
        "waiting",
      ]);
      this.deps.onScheduled();
      return;
    }
    const now = Date.now();
    if (
      !watchedTasks.change(row.id, { status: "submitting", submitted_at: now, wait_reason: null, next_poll_at: null }, [
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

  /** Starts a held video in the background; a refusal is already recorded on its row. */
  startInBackground(row: TaskRow): Promise<void> {
    return this.startWaitingVideo(row).catch(() => undefined);
  }

  /** A failure is recorded on the row, then thrown for the caller. */
  private async submit<T>(row: TaskRow, send: (client: GatewayClient) => Promise<T>): Promise<T> {
    const { watchedTasks } = this.deps;
    try {
      return await withRateLimitRetry(
        () => withLedgerLink({ taskId: row.id }, () => send(this.deps.clientFor(row.profile_id))),
        {
          onWait: ({ seconds }) =>
            watchedTasks.change(row.id, { wait_reason: JSON.stringify(codedText("RATE_LIMITED", { seconds })) }),
          onResume: () => watchedTasks.change(row.id, { wait_reason: null }),
        },
      );
    } catch (error) {
      const failure = submissionFailure(error);
      watchedTasks.fail(row.id, failure);
      throw failure.code === SUBMISSION_UNCONFIRMED && failure.text ? new AppError(failure.code, failure.text) : error;
    }
  }

  private accepted(row: TaskRow, remoteId: string, status: string, requestId: string | null): void {
    const now = Date.now();
    const interval = baseInterval(row.kind, this.deps.timing);
    this.deps.watchedTasks.change(row.id, {
      remote_id: remoteId,
      status: status === "processing" ? "processing" : "queued",
      request_id: requestId,
      wait_started_at: now,
      poll_interval_ms: interval,
      next_poll_at: now + interval,
    });
    this.deps.onScheduled();
  }
}
