import { join } from "node:path";
import { StatementSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { ModelDurations } from "../../../electron/services/tasks/model-durations.ts";
import { TaskTable } from "../../../electron/services/tasks/task-table.ts";
import { DATA_FILES } from "../../../electron/services/store/data-files.ts";
import { seedTasks } from "../../support/seeded-tasks.ts";
import { tempDir } from "../../support/local-gateway.ts";
import { startPoller, SUBMITTED_AT, type FakeTask } from "./poller-fixture.ts";

const RUNNING: FakeTask = { readings: [5, 20], now: { status: "processing", progress: 28 } };

/** Counts the reads of task rows in one of `statuses` many, however they are asked for. */
function countStatusReads(statuses: number): { readonly count: () => number } {
  const all = vi.spyOn(StatementSync.prototype, "all");
  const read = `SELECT * FROM tasks WHERE status IN (${Array<string>(statuses).fill("?").join(", ")})`;
  return {
    count: () =>
      all.mock.contexts.filter(
        (statement) => statement instanceof StatementSync && statement.sourceSQL.startsWith(read),
      ).length,
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the task table's reads by status", () => {
  it("reads the rows again only after a write", () => {
    const dataDir = tempDir("task-table-");
    seedTasks(dataDir, [{ id: "a", profile_id: "p", status: "processing" }]);
    const table = new TaskTable(openAppDatabase(join(dataDir, DATA_FILES.database)));
    const reads = countStatusReads(1);
    const first = table.withStatus(["processing"]);
    expect(table.withStatus(["processing"])).toBe(first);
    expect(reads.count()).toBe(1);
    table.insert({ ...first[0]!, id: "b" });
    expect(table.withStatus(["processing"])).toHaveLength(2);
    table.update("a", { progress: 40 });
    expect(table.withStatus(["processing"])[0]?.progress).toBe(40);
    table.update("a", { status: "completed" }, ["queued"]);
    expect(table.withStatus(["processing"])).toHaveLength(2);
    table.update("a", { status: "completed" });
    expect(table.withStatus(["processing"])).toHaveLength(1);
    expect(table.withStatus(["completed"])[0]?.dismissed).toBe(0);
    table.dismissFinished("p", ["completed"]);
    expect(table.withStatus(["completed"])[0]?.dismissed).toBe(1);
  });
});

describe("a task's model durations", () => {
  it("read the row's parameters once, however often its prior is asked for", () => {
    const dataDir = tempDir("task-table-");
    seedTasks(dataDir, [{ id: "a", profile_id: "p", status: "processing" }]);
    const db = openAppDatabase(join(dataDir, DATA_FILES.database));
    const [row] = new TaskTable(db).withStatus(["processing"]);
    const durations = new ModelDurations(db);
    const parse = vi.spyOn(JSON, "parse");
    for (let poll = 0; poll < 3; poll++) durations.priorFor(row!);
    expect(parse.mock.calls.filter(([json]) => json === row!.params)).toHaveLength(1);
  });
});

describe("the poller's reads", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: SUBMITTED_AT + 60_000 });
  });

  it("reads the unfinished tasks once for each poll", async () => {
    const polled: string[] = [];
    const tasks = { a: RUNNING, b: RUNNING, c: RUNNING, d: RUNNING };
    const { poller, watchedTasks, close } = startPoller(polled, { tasks, rpm: 0 });
    // Queued, processing or waiting.
    const reads = countStatusReads(3);
    poller.schedule();
    await vi.advanceTimersByTimeAsync(10);
    const answered = () => watchedTasks.tasks.withStatus(["processing"]).filter((row) => row.progress === 28);
    await vi.waitFor(() => expect(answered()).toHaveLength(4));
    expect(polled.sort()).toEqual(["a", "b", "c", "d"]);
    // The tick's own read, then at most one after each poll's answer is written.
    expect(reads.count()).toBeLessThanOrEqual(polled.length + 1);
    close();
  });
});
