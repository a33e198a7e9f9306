import { randomUUID } from "node:crypto";
import type { LocalTaskStatus, TaskView } from "../../../shared/ipc/tasks.ts";
import { appError } from "../app-error.ts";
import type { MediaLibrary } from "../media/media-library.ts";
import { missingResults } from "./task-notices.ts";
import type { TaskFailure } from "./task-failures.ts";
import type { TaskTable, TaskRow } from "./task-table.ts";

type TaskChange = Parameters<TaskTable["update"]>[1];

export interface NewTask {
  readonly profileId: string;
  readonly kind: "image" | "video";
  readonly model: string;
  readonly prompt: string;
  readonly params: object;
  readonly status: LocalTaskStatus;
}

/**
 * The task rows as the engine's parts read and change them, watched by the window: every change
 * is shown to it at once, and none is made after the engine closed. The rows themselves, in
 * SQLite, are the TaskTable.
 */
export class WatchedTasks {
  readonly tasks: TaskTable;
  private readonly media: MediaLibrary;
  private readonly onTaskChanged: (view: TaskView) => void;
  private readonly expectedAt: (row: TaskRow) => number | null;
  private isClosed = false;

  constructor(
    tasks: TaskTable,
    media: MediaLibrary,
    onTaskChanged: (view: TaskView) => void,
    /** When a running task is expected to complete (task-observations.ts), null while unknown. */
    // Stryker disable next-line ArrowFunction: the repository's view reads an undefined estimate as none, like null
    expectedAt: (row: TaskRow) => number | null = () => null,
  ) {
    this.tasks = tasks;
    this.media = media;
    this.onTaskChanged = onTaskChanged;
    this.expectedAt = expectedAt;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  close(): void {
    this.isClosed = true;
  }

  insert(task: NewTask): TaskRow {
    const now = Date.now();
    const row = this.tasks.insert({
      id: randomUUID(),
      profile_id: task.profileId,
      kind: task.kind,
      model: task.model,
      prompt: task.prompt,
      params: JSON.stringify(task.params),
      status: task.status,
      progress: 0,
      remote_id: null,
      request_id: null,
      wait_reason: null,
      error_code: null,
      error_message: null,
      created_at: now,
      submitted_at: task.status === "submitting" ? now : null,
      updated_at: now,
      finished_at: null,
      next_poll_at: null,
      poll_interval_ms: null,
      wait_started_at: null,
    });
    this.onTaskChanged(this.view(row));
    return row;
  }

  change(id: string, change: TaskChange, from?: readonly LocalTaskStatus[]): boolean {
    // Work still in flight when the app closes is picked up again by resume() next time.
    if (this.isClosed) return false;
    const done = this.tasks.update(id, change, from);
    if (done) this.onTaskChanged(this.viewOf(id));
    return done;
  }

  /**
   * A result that could not be kept whole: a task holding some of its paid results is completed
   * with those, saying how many are missing and why; one holding none fails. Returns whether it
   * completed.
   */
  endWithout(id: string, failure: TaskFailure, asked: number): boolean {
    const held = this.media.idsForTask(id).length;
    if (held === 0) {
      this.fail(id, failure);
      return false;
    }
    const notice = missingResults(asked - held, asked, failure);
    this.change(id, { status: "completed", progress: 100, finished_at: Date.now(), next_poll_at: null, notice });
    return true;
  }

  fail(id: string, failure: TaskFailure): void {
    this.change(id, {
      status: "failed",
      error_code: failure.code,
      error_message: failure.message,
      error_text: failure.text && JSON.stringify(failure.text),
      ...(failure.requestId ? { request_id: failure.requestId } : {}),
      finished_at: Date.now(),
      next_poll_at: null,
      wait_reason: null,
      notice: null,
    });
  }

  require(id: string): TaskRow {
    const row = this.tasks.get(id);
    if (!row) throw appError("TASK_NOT_FOUND");
    return row;
  }

  viewOf(id: string): TaskView {
    return this.view(this.require(id));
  }

  view(row: TaskRow): TaskView {
    return this.tasks.view(row, this.media.idsForTask(row.id), this.expectedAt(row));
  }
}
