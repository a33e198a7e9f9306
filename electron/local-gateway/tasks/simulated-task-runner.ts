import type { DatabaseSync } from "node:sqlite";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiKeyRecord } from "../accounts.ts";
import type { Billing } from "../billing.ts";
import type { GatewayConfig, ModelConfig } from "../config.ts";
import { GatewayHttpError } from "../http-error.ts";
import { newId } from "../ids.ts";
import type { MediaStore } from "../media/media-store.ts";
import type { Pacing } from "../pacing.ts";
import type { RenderPool } from "../media/render-pool.ts";
import { seedFrom, seededRandom } from "../media/seeded-random.ts";
import { allRows, oneRow, onlyRow } from "../../common/sql-rows.ts";
import type { ImageTaskParams, SimulatedTaskRow, VideoTaskParams } from "./simulated-task-row.ts";
import { renderTaskResult } from "./task-rendering.ts";

const TICK_MS = 250;
/** Share of a task's time spent `queued` before it turns `processing`. */
interface SimulatedTaskRunnerDependencies {
  readonly db: DatabaseSync;
  readonly billing: Billing;
  readonly media: MediaStore;
  readonly renders: RenderPool;
  readonly pacing: Pacing;
  readonly config: GatewayConfig;
  readonly dataDir: string;
  readonly now: () => number;
}

type TaskSubmission = {
  readonly key: ApiKeyRecord;
  readonly model: ModelConfig;
  readonly requestId: string;
  readonly cost: number;
} & (
  | { readonly kind: "image"; readonly params: ImageTaskParams }
  | { readonly kind: "video"; readonly params: VideoTaskParams; readonly referenceImage?: Uint8Array | undefined }
);

/**
 * Runs asynchronous image and video tasks. State lives in SQLite and every transition is a
 * conditional UPDATE, so a restart resumes where it stopped and racing cancels cannot both win.
 * Timing is planned at submission (queued, then processing until `finish_at`); results are
 * rendered one at a time when a task's time is up. A render cut short by `stop()` leaves its task
 * processing, to be rendered again after a restart.
 */
export class SimulatedTaskRunner {
  private readonly deps: SimulatedTaskRunnerDependencies;
  private readonly referenceDir: string;
  private readonly rendering = new Set<string>();
  private renderChain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(deps: SimulatedTaskRunnerDependencies) {
    this.deps = deps;
    this.referenceDir = join(deps.dataDir, "references");
    mkdirSync(this.referenceDir, { recursive: true });
  }

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Starts no more renders; resolves when the one in progress has ended (closing the render pool ends it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.renderChain;
  }

  submit(submission: TaskSubmission): SimulatedTaskRow {
    const { db, pacing, config, billing } = this.deps;
    const now = this.deps.now();
    const id = newId("task_");
    const random = seededRandom(seedFrom(id));
    const range = submission.kind === "video" ? config.videoSeconds : config.asyncImageSeconds;
    const duration = pacing.durationBetween(range, random());
    const [fromShare, toShare] = config.queuedShare;
    const queuedFor = duration * (fromShare + (toShare - fromShare) * random());
    let params: ImageTaskParams | VideoTaskParams = submission.params;
    if (submission.kind === "video" && submission.referenceImage) {
      const referenceFile = join(this.referenceDir, id);
      writeFileSync(referenceFile, submission.referenceImage);
      params = { ...submission.params, referenceFile };
    }
    db.exec("BEGIN");
    try {
      db.prepare(
        `INSERT INTO tasks (id, key_id, kind, model, params, status, progress, fault, request_id, created_at, updated_at, start_at, finish_at)
         VALUES (?, ?, ?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        submission.key.id,
        submission.kind,
        submission.model.code,
        JSON.stringify(params),
        submission.model.fault,
        submission.requestId,
        now,
        now,
        Math.round(now + queuedFor),
        Math.round(now + duration),
      );
      billing.charge(submission.key, submission.model.code, submission.cost, submission.requestId, now, id);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    return this.existingRow(id);
  }

  /** The caller's task, brought up to date; null for unknown ids and other keys' tasks. */
  find(id: string, keyId: string): SimulatedTaskRow | null {
    const row = this.row(id);
    if (!row || row.key_id !== keyId) return null;
    this.advance(row, this.deps.now());
    return this.row(id);
  }

  cancel(id: string, keyId: string): SimulatedTaskRow {
    const current = this.find(id, keyId);
    if (!current) throw taskNotFound(id);
    const now = this.deps.now();
    const { changes } = this.deps.db
      .prepare(
        "UPDATE tasks SET status = 'cancelled', cancelled_at = ?, updated_at = ? WHERE id = ? AND status IN ('queued', 'processing')",
      )
      .run(now, now, id);
    if (Number(changes) === 0) {
      throw new GatewayHttpError(
        409,
        "TASK_NOT_CANCELLABLE",
        `Task ${id} is ${this.existingRow(id).status} and can no longer be cancelled.`,
        { "x-should-retry": "false" },
      );
    }
    this.endWithoutResult(id, now);
    return this.existingRow(id);
  }

  tick(): void {
    const now = this.deps.now();
    const active = allRows<SimulatedTaskRow>(
      this.deps.db.prepare("SELECT * FROM tasks WHERE status IN ('queued', 'processing')"),
    );
    for (const row of active) this.advance(row, now);
    const retentionMs = this.deps.config.taskRetentionSeconds * 1000;
    const stale = allRows<{ id: string }>(
      this.deps.db.prepare("SELECT id FROM tasks WHERE status = 'completed' AND completed_at <= ?"),
      now - retentionMs,
    );
    for (const { id } of stale) this.expire(id, now);
    this.deps.media.sweep(now);
  }

  private row(id: string): SimulatedTaskRow | null {
    return oneRow<SimulatedTaskRow>(this.deps.db.prepare("SELECT * FROM tasks WHERE id = ?"), id) ?? null;
  }

  /** A task known to exist: rows are never deleted, only moved to a final status. */
  private existingRow(id: string): SimulatedTaskRow {
    return onlyRow<SimulatedTaskRow>(this.deps.db.prepare("SELECT * FROM tasks WHERE id = ?"), id);
  }

  private advance(row: SimulatedTaskRow, now: number): void {
    if (row.status !== "queued" && row.status !== "processing") return;
    if (now < row.start_at) return;
    if (now < row.finish_at) {
      const progress = Math.min(
        99,
        Math.max(1, Math.floor((99 * (now - row.start_at)) / Math.max(1, row.finish_at - row.start_at))),
      );
      if (row.status !== "processing" || progress !== row.progress) this.setProgress(row.id, progress, now);
      return;
    }
    if (row.fault) {
      this.fail(row, now);
      return;
    }
    if (row.progress !== 99 || row.status !== "processing") this.setProgress(row.id, 99, now);
    this.scheduleRender(row);
  }

  private setProgress(id: string, progress: number, now: number): void {
    this.deps.db
      .prepare(
        "UPDATE tasks SET status = 'processing', progress = ?, updated_at = ? WHERE id = ? AND status IN ('queued', 'processing')",
      )
      .run(progress, now, id);
  }

  private fail(row: SimulatedTaskRow, now: number): void {
    const [code, message] =
      row.fault === "timeout"
        ? ["timeout", "The upstream provider did not finish the task in time."]
        : ["upstream_error", "The upstream provider returned an error."];
    const { changes } = this.deps.db
      .prepare(
        `UPDATE tasks SET status = 'failed', failed_at = ?, updated_at = ?, error_code = ?, error_message = ?
         WHERE id = ? AND status IN ('queued', 'processing')`,
      )
      .run(now, now, code, message, row.id);
    if (Number(changes) > 0) this.endWithoutResult(row.id, now);
  }

  private expire(id: string, now: number): void {
    const { changes } = this.deps.db
      .prepare(
        "UPDATE tasks SET status = 'expired', expired_at = ?, updated_at = ?, result = NULL WHERE id = ? AND status = 'completed'",
      )
      .run(now, now, id);
    if (Number(changes) > 0) this.deps.media.deleteForTask(id);
  }

  /** Failed and cancelled tasks are refunded and leave no files behind. */
  private endWithoutResult(id: string, now: number): void {
    this.deps.billing.refundTask(id, now);
    this.deps.media.deleteForTask(id);
    rmSync(join(this.referenceDir, id), { force: true });
  }

  private scheduleRender(row: SimulatedTaskRow): void {
    if (this.rendering.has(row.id)) return;
    this.rendering.add(row.id);
    this.renderChain = this.renderChain
      .then(() => this.render(row))
      .catch(() => {
        if (!this.stopped) this.fail({ ...row, fault: "upstream" }, this.deps.now());
      })
      .finally(() => this.rendering.delete(row.id));
  }

  private async render(row: SimulatedTaskRow): Promise<void> {
    const current = this.row(row.id);
    if (this.stopped || !current || current.status !== "processing") return;
    const { renders, media, config } = this.deps;
    const now = this.deps.now();
    const expiresAt = now + config.taskRetentionSeconds * 1000;
    const result = await renderTaskResult(row, { renders, media, now, expiresAt });
    const completedAt = this.deps.now();
    const { changes } = this.deps.db
      .prepare(
        "UPDATE tasks SET status = 'completed', progress = 100, completed_at = ?, updated_at = ?, result = ? WHERE id = ? AND status = 'processing'",
      )
      .run(completedAt, completedAt, JSON.stringify(result), row.id);
    if (Number(changes) === 0) this.deps.media.deleteForTask(row.id);
    rmSync(join(this.referenceDir, row.id), { force: true });
  }
}

export const taskNotFound = (id: string) =>
  new GatewayHttpError(404, "TASK_NOT_FOUND", `No task with id ${id} exists for this API key.`);
