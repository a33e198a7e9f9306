import type { DatabaseSync } from "node:sqlite";
import { oneRow } from "../../common/sql-rows.ts";
import type { DurationPrior } from "./completion-estimate.ts";
import type { TaskRow } from "./task-table.ts";

interface DurationRow {
  completed: number;
  mean_ms: number;
  m2: number;
}

/** Before any task of a model has completed: tens of seconds for images, minutes for video, very unsure. */
const FIRST_GUESS: Record<TaskRow["kind"], DurationPrior> = {
  image: { meanMs: 30_000, spreadMs: 30_000 },
  video: { meanMs: 120_000, spreadMs: 120_000 },
};
/** A few completions do not show how much tasks vary; until then assume a quarter of the mean. */
const SETTLED_AFTER = 5;
const UNSETTLED_SPREAD_SHARE = 0.25;

/**
 * How long this model's tasks of this size took, kept across runs (mean and variance, updated one
 * completion at a time), so a new task's completion can be expected before its progress moves.
 */
export class ModelDurations {
  private readonly db: DatabaseSync;
  /**
   * Each model and size's row as last read or written (null: none yet). The poller asks for every
   * running task's prior at each poll: with 500 in flight that was 500 queries a poll.
   */
  private readonly known = new Map<string, DurationRow | null>();

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  record(row: TaskRow, durationMs: number): void {
    const size = sizeOf(row);
    const known = this.read(row.model, size) ?? { completed: 0, mean_ms: 0, m2: 0 };
    const completed = known.completed + 1;
    const delta = durationMs - known.mean_ms;
    const mean = known.mean_ms + delta / completed;
    const m2 = known.m2 + delta * (durationMs - mean);
    this.db
      .prepare(
        `INSERT INTO task_durations (model, size, completed, mean_ms, m2) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (model, size) DO UPDATE SET completed = excluded.completed, mean_ms = excluded.mean_ms, m2 = excluded.m2`,
      )
      .run(row.model, size, completed, mean, m2);
    this.known.set(keyOf(row.model, size), { completed, mean_ms: mean, m2 });
  }

  /** What this model's tasks of this size took; `settled` once enough have completed to show how much they vary. */
  priorFor(row: TaskRow): DurationPrior & { readonly settled: boolean } {
    const known = this.read(row.model, sizeOf(row));
    if (!known) return { ...FIRST_GUESS[row.kind], settled: false };
    const deviation = known.completed > 1 ? Math.sqrt(known.m2 / (known.completed - 1)) : 0;
    const settled = known.completed >= SETTLED_AFTER;
    const spreadMs = settled ? deviation : Math.max(deviation, known.mean_ms * UNSETTLED_SPREAD_SHARE);
    return { meanMs: known.mean_ms, spreadMs, settled };
  }

  /** Whether a task of this model and size has completed before. */
  hasHistory(row: TaskRow): boolean {
    return this.read(row.model, sizeOf(row)) !== undefined;
  }

  private read(model: string, size: string): DurationRow | undefined {
    const key = keyOf(model, size);
    let row = this.known.get(key);
    if (row === undefined) {
      row =
        oneRow<DurationRow>(
          this.db.prepare("SELECT completed, mean_ms, m2 FROM task_durations WHERE model = ? AND size = ?"),
          model,
          size,
        ) ?? null;
      this.known.set(key, row);
    }
    return row ?? undefined;
  }
}

const keyOf = (model: string, size: string) => `${model}\n${size}`;

/** Tasks that take about as long as each other: the same model, size and (for video) length. */
export function durationClassOf(row: TaskRow): string {
  return `${row.model} ${sizeOf(row)}`;
}

/**
 * Each row's size as read from its parameters: the poller weighs every running task at each poll,
 * and the task table answers the same rows until one is written, so each is parsed about once a poll.
 */
const sizes = new WeakMap<TaskRow, string>();

/** The parameters that change how long a task takes: an image's size, a video's size and length. */
function sizeOf(row: TaskRow): string {
  let size = sizes.get(row);
  if (size === undefined) {
    size = sizeFromParams(row.params);
    sizes.set(row, size);
  }
  return size;
}

function sizeFromParams(json: string): string {
  const params: unknown = JSON.parse(json);
  if (typeof params !== "object" || params === null) return "";
  const size = "size" in params && typeof params.size === "string" ? params.size : "";
  const seconds = "duration" in params && typeof params.duration === "number" ? `/${params.duration}s` : "";
  return size + seconds;
}
