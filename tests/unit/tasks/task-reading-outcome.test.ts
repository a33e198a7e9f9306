import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TaskStatus } from "../../../shared/gateway-api/tasks.ts";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { expectedCompletionPolicy } from "../../../electron/services/tasks/expected-completion-policy.ts";
import { ModelDurations } from "../../../electron/services/tasks/model-durations.ts";
import { DEFAULT_POLL_TIMING } from "../../../electron/services/tasks/poll-policy.ts";
import { applyReading } from "../../../electron/services/tasks/reading-outcome.ts";
import type { RemoteReading } from "../../../electron/services/tasks/remote-reading.ts";
import { TaskObservations } from "../../../electron/services/tasks/task-observations.ts";
import type { TaskPollerDependencies } from "../../../electron/services/tasks/task-poller.ts";
import { TaskTable, type TaskRow } from "../../../electron/services/tasks/task-table.ts";
import { WatchedTasks } from "../../../electron/services/tasks/watched-tasks.ts";
import { tempDir } from "../../support/local-gateway.ts";

const SUBMITTED_AT = 1_000_000;
const NOW = SUBMITTED_AT + 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Running image tasks of one model and size over a real database, and what one reading does to them. */
function readings(count = 1, status: "queued" | "processing" = "processing") {
  const dataDir = tempDir("reading-outcome-");
  const db = openAppDatabase(join(dataDir, "app.sqlite"));
  const media = new MediaLibrary(db, join(dataDir, "media"), String);
  const watchedTasks = new WatchedTasks(new TaskTable(db), media, () => undefined);
  const durations = new ModelDurations(db);
  const observations = new TaskObservations(durations);
  const kept: string[] = [];
  const ended: string[] = [];
  const deps = {
    watchedTasks,
    observations,
    timing: DEFAULT_POLL_TIMING,
    policy: expectedCompletionPolicy,
    onResultKept: (row: TaskRow) => void kept.push(row.id),
    onEndedWithoutResult: (row: TaskRow) => void ended.push(row.id),
  } as Partial<TaskPollerDependencies> as TaskPollerDependencies;
  const rows = Array.from({ length: count }, (_, index) => {
    const params = { model: "image-pro", prompt: `p${index}`, n: 1, size: "64x64", responseFormat: "url", async: true };
    const row = watchedTasks.insert({ profileId: "p", kind: "image", model: "image-pro", prompt: "p", params, status });
    watchedTasks.change(row.id, {
      remote_id: `task-${index}`,
      submitted_at: SUBMITTED_AT,
      poll_interval_ms: DEFAULT_POLL_TIMING.imageBaseMs,
      next_poll_at: NOW,
    });
    return watchedTasks.tasks.get(row.id)!;
  });
  const read = (
    row: TaskRow,
    status: TaskStatus,
    more: Partial<Omit<RemoteReading, "row" | "status">> = {},
  ): Promise<void> =>
    applyReading(deps, {
      row,
      status,
      progress: row.progress,
      errorCode: undefined,
      errorMessage: undefined,
      tookMs: undefined,
      keepResult: async () => 0,
      ...more,
    });
  const current = (row: TaskRow) => watchedTasks.tasks.get(row.id)!;
  return { rows, watchedTasks, observations, durations, kept, ended, read, current };
}

describe("a completed reading", () => {
  it("keeps the task's result first, and says it is kept only once it is", async () => {
    const { rows, kept, read } = readings();
    const task = rows[0]!;
    const order: string[] = [];
    await read(task, "completed", {
      keepResult: async () => {
        await Promise.resolve();
        order.push(`kept ${kept.length}`);
        return 0;
      },
    });
    expect(order).toEqual(["kept 0"]);
    expect(kept).toEqual([task.id]);
  });

  it("does not say a result is kept when keeping it failed", async () => {
    const { rows, kept, ended, read } = readings();
    const refused = new Error("refused");
    await expect(read(rows[0]!, "completed", { keepResult: () => Promise.reject(refused) })).rejects.toBe(refused);
    expect(kept).toEqual([]);
    expect(ended).toEqual([]);
  });

  it("teaches the model how long the task took, so its next task is expected to take as long", async () => {
    const { rows, durations, read } = readings();
    await read(rows[0]!, "completed", { tookMs: 42_000 });
    expect(durations.hasHistory(rows[0]!)).toBe(true);
    expect(durations.priorFor(rows[0]!).meanMs).toBe(42_000);
  });
});

describe("a reading that ends a task without a result", () => {
  it("fails the task with the gateway's own code and message, and says it ended", async () => {
    const { rows, ended, read, current } = readings();
    await read(rows[0]!, "failed", { errorCode: "content_policy", errorMessage: "not allowed" });
    expect(current(rows[0]!)).toMatchObject({
      status: "failed",
      error_code: "content_policy",
      error_message: "not allowed",
      finished_at: NOW,
      next_poll_at: null,
    });
    expect(ended).toEqual([rows[0]!.id]);
  });

  it("fails a task the gateway gives no reason for as failed without saying why", async () => {
    const { rows, read, current } = readings();
    await read(rows[0]!, "failed");
    expect(current(rows[0]!)).toMatchObject({ status: "failed", error_code: "upstream_error" });
    expect(JSON.parse(current(rows[0]!).error_text!)).toMatchObject({ code: "TASK_FAILED" });
  });

  it.each(["cancelled", "expired"] as const)(
    "closes a task %s at the gateway: finished now, never polled again, and says it ended",
    async (status) => {
      const { rows, ended, read, current } = readings();
      await read(rows[0]!, status);
      expect(current(rows[0]!)).toMatchObject({ status, finished_at: NOW, next_poll_at: null });
      expect(ended).toEqual([rows[0]!.id]);
    },
  );

  it("says an expired task's result was cleaned up before it could be fetched, and a cancelled one's nothing", async () => {
    const { rows, read, current } = readings(2);
    await read(rows[0]!, "expired");
    await read(rows[1]!, "cancelled");
    expect(current(rows[0]!).error_message).toBe("The gateway cleaned up this result before it could be fetched.");
    expect(JSON.parse(current(rows[0]!).error_text!)).toMatchObject({ code: "RESULT_CLEANED_UP" });
    expect(current(rows[1]!)).toMatchObject({ error_message: null, error_text: null });
  });

  it.each(["failed", "cancelled", "expired"] as const)(
    "a task %s no longer stands for the pace of its model's running tasks",
    async (status) => {
      const { rows, observations, read } = readings(3);
      const [ended, moving, still] = rows as [TaskRow, TaskRow, TaskRow];
      const note = (row: TaskRow, progress: number[]) =>
        progress.forEach((value, index) =>
          observations.note(row, { at: SUBMITTED_AT + 10_000 + 20_000 * index, progress: value }),
        );
      // With only one task seen moving, the task not yet moving is expected from the model's first guess.
      note(moving, [10, 50]);
      const fromFirstGuess = observations.outlook(still, false).estimate;
      note(ended, [20, 90]);
      expect(observations.outlook(still, false).estimate).not.toEqual(fromFirstGuess);
      await read(ended, status);
      expect(observations.outlook(still, false).estimate).toEqual(fromFirstGuess);
    },
  );
});

describe("a reading of a task still running", () => {
  it("keeps its status and progress, and plans its next look in the future", async () => {
    const { rows, read, current } = readings(1, "queued");
    await read(rows[0]!, "processing", { progress: 40 });
    const row = current(rows[0]!);
    expect(row).toMatchObject({ status: "processing", progress: 40 });
    expect(row.poll_interval_ms).toBeGreaterThan(0);
    expect(row.next_poll_at).toBe(NOW + row.poll_interval_ms!);
  });

  it("looks again after the base interval when the status moved, and when the completion is expected when it did not", async () => {
    const { rows, read, current } = readings(2, "queued");
    const [moved, same] = rows as [TaskRow, TaskRow];
    await read(moved, "processing", { progress: 50 });
    expect(current(moved).poll_interval_ms).toBe(DEFAULT_POLL_TIMING.imageBaseMs);
    // Half done after a minute: the rest is expected in about another minute, so the next look is far later.
    await read(same, "queued", { progress: 50 });
    expect(current(same).poll_interval_ms).toBeGreaterThan(DEFAULT_POLL_TIMING.imageBaseMs);
  });

  it("counts the reading's progress in when the task is expected to complete", async () => {
    const { rows, observations, read } = readings(2);
    const [read50, read5] = rows as [TaskRow, TaskRow];
    await read(read50, "processing", { progress: 50 });
    await read(read5, "processing", { progress: 5 });
    const expectedAt = (row: TaskRow) => observations.outlook(row, false).estimate.expectedAt;
    expect(expectedAt(read50)).toBeLessThan(expectedAt(read5));
  });

  it("leaves alone a task that ended here while the poll was out (cancelled by the user)", async () => {
    const { rows, watchedTasks, read, current } = readings();
    watchedTasks.change(rows[0]!.id, { status: "cancelled", next_poll_at: null, finished_at: NOW });
    await read(rows[0]!, "processing", { progress: 70 });
    expect(current(rows[0]!)).toMatchObject({ status: "cancelled", next_poll_at: null, progress: 0 });
  });
});
