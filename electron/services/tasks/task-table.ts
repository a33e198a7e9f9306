import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { LocalTaskStatus, TaskView } from "../../../shared/ipc/tasks.ts";
import { allRows, oneRow, onlyRow } from "../../common/sql-rows.ts";
import { ledgerCostOf } from "../ledger/ledger-costs.ts";
import { readStoredJson } from "../store/stored-json.ts";
import { CodedTextSchema } from "../../../shared/ipc/coded-text.ts";

export interface TaskRow {
  id: string;
  profile_id: string;
  kind: "image" | "video";
  model: string;
  prompt: string;
  params: string;
  status: LocalTaskStatus;
  progress: number;
  remote_id: string | null;
  request_id: string | null;
  /** Why it waits, as JSON of a coded sentence. */
  wait_reason: string | null;
  error_code: string | null;
  error_message: string | null;
  /** The app's own failure, as JSON of a coded sentence; null when the message is the gateway's. */
  error_text: string | null;
  /** What it says beside its state, as JSON of a coded sentence (see TaskView.notice). */
  notice: string | null;
  /** A synchronous image answer's results, as JSON, kept until they are (see TaskSubmitter). */
  results: string | null;
  created_at: number;
  submitted_at: number | null;
  updated_at: number;
  finished_at: number | null;
  next_poll_at: number | null;
  poll_interval_ms: number | null;
  /** When the app started waiting for this task's result (reset by Check again). */
  wait_started_at: number | null;
  dismissed: number;
}

type TaskChange = Partial<Omit<TaskRow, "id" | "profile_id" | "kind" | "created_at">>;

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());
const storedText = (json: string | null) => (json === null ? null : readStoredJson(json, CodedTextSchema, null));

/**
 * The tasks table: the app's own record of every asynchronous job, written before anything is
 * awaited. It is the table's only writer, so a read by status stays true until its next write.
 */
export class TaskTable {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** The rows last read for each list of statuses, and how many writes there had been then. */
  private readonly byStatus = new Map<string, { readonly writes: number; readonly rows: readonly TaskRow[] }>();
  private writes = 0;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** The database the task rows are kept in, for what is kept beside them (e.g. model durations). */
  get database(): DatabaseSync {
    return this.db;
  }

  /** A new row (a task is never written failed, so without a failure's coded sentence). */
  insert(row: Omit<TaskRow, "dismissed" | "error_text" | "notice" | "results">): TaskRow {
    this.writes++;
    this.db
      .prepare(
        `INSERT INTO tasks (id, profile_id, kind, model, prompt, params, status, progress, remote_id, request_id, wait_reason,
           error_code, error_message, created_at, submitted_at, updated_at, finished_at, next_poll_at, poll_interval_ms, wait_started_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        row.id,
        row.profile_id,
        row.kind,
        row.model,
        row.prompt,
        row.params,
        row.status,
        row.progress,
        row.remote_id,
        row.request_id,
        row.wait_reason,
        row.error_code,
        row.error_message,
        row.created_at,
        row.submitted_at,
        row.updated_at,
        row.finished_at,
        row.next_poll_at,
        row.poll_interval_ms,
        row.wait_started_at,
      );
    return onlyRow<TaskRow>(this.statement("SELECT * FROM tasks WHERE id = ?"), row.id);
  }

  get(id: string): TaskRow | null {
    return oneRow<TaskRow>(this.statement("SELECT * FROM tasks WHERE id = ?"), id) ?? null;
  }

  /** Applies `change` only while the task is in one of `from` (when given); returns whether it did. */
  update(id: string, change: TaskChange, from?: readonly LocalTaskStatus[]): boolean {
    const entries = Object.entries({ ...change, updated_at: change.updated_at ?? Date.now() }).flatMap(
      ([column, value]) => (value === undefined ? [] : [[column, value] as const]),
    );
    const guard = from ? ` AND status IN (${from.map(() => "?").join(", ")})` : "";
    const { changes } = this.statement(
      `UPDATE tasks SET ${entries.map(([column]) => `${column} = ?`).join(", ")} WHERE id = ?${guard}`,
    ).run(...entries.map(([, value]) => value), id, ...(from ?? []));
    if (Number(changes) > 0) this.writes++;
    return Number(changes) > 0;
  }

  /**
   * The rows in any of `statuses`, oldest first. The poller asks after every poll and submission
   * with hundreds of tasks running: rows unchanged since the last read are not read again. The
   * rows answered are shared with the other callers, so none may change them.
   */
  withStatus(statuses: readonly LocalTaskStatus[]): readonly TaskRow[] {
    const key = statuses.join();
    const known = this.byStatus.get(key);
    if (known?.writes === this.writes) return known.rows;
    const rows = allRows<TaskRow>(
      this.statement(`SELECT * FROM tasks WHERE status IN (${statuses.map(() => "?").join(", ")}) ORDER BY created_at`),
      ...statuses,
    );
    this.byStatus.set(key, { writes: this.writes, rows });
    return rows;
  }

  list(profileId: string, status?: LocalTaskStatus): TaskRow[] {
    const filter = status ? " AND status = ?" : "";
    return allRows<TaskRow>(
      this.db.prepare(`SELECT * FROM tasks WHERE profile_id = ? AND dismissed = 0${filter} ORDER BY created_at DESC`),
      ...(status ? [profileId, status] : [profileId]),
    );
  }

  /** Video submissions of a profile since `since` (accepted or in flight), for the client-side limits. */
  videoSubmissionsSince(profileId: string, since: number): number[] {
    const rows = allRows<{ submitted_at: number }>(
      this.db.prepare(
        "SELECT submitted_at FROM tasks WHERE profile_id = ? AND kind = 'video' AND submitted_at >= ? ORDER BY submitted_at",
      ),
      profileId,
      since,
    );
    return rows.map((row) => row.submitted_at);
  }

  runningVideos(profileId: string): number {
    return onlyRow<{ n: number }>(
      this.db.prepare(
        "SELECT COUNT(*) AS n FROM tasks WHERE profile_id = ? AND kind = 'video' AND status IN ('submitting', 'queued', 'processing')",
      ),
      profileId,
    ).n;
  }

  dismissFinished(profileId: string, statuses: readonly LocalTaskStatus[]): number {
    this.writes++;
    const { changes } = this.db
      .prepare(
        `UPDATE tasks SET dismissed = 1 WHERE profile_id = ? AND status IN (${statuses.map(() => "?").join(", ")})`,
      )
      .run(profileId, ...statuses);
    return Number(changes);
  }

  view(row: TaskRow, mediaIds: string[], expectedAt: number | null = null): TaskView {
    return {
      id: row.id,
      profileId: row.profile_id,
      kind: row.kind,
      model: row.model,
      prompt: row.prompt,
      status: row.status,
      progress: row.progress,
      remoteId: row.remote_id,
      requestId: row.request_id,
      waitReason: storedText(row.wait_reason),
      errorCode: row.error_code,
      errorMessage: row.error_message,
      errorText: storedText(row.error_text),
      notice: storedText(row.notice),
      createdAt: new Date(row.created_at).toISOString(),
      submittedAt: iso(row.submitted_at),
      updatedAt: new Date(row.updated_at).toISOString(),
      finishedAt: iso(row.finished_at),
      nextPollAt: iso(row.next_poll_at),
      expectedAt: iso(expectedAt),
      mediaIds,
      cost: ledgerCostOf(this.db, "task_id", row.id),
    };
  }

  /** Each statement prepared once: polls and submissions run the same few hundreds of times a minute. */
  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
