import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { ModelDurations } from "../../../electron/services/tasks/model-durations.ts";
import { TaskObservations } from "../../../electron/services/tasks/task-observations.ts";
import { WatchedTasks } from "../../../electron/services/tasks/watched-tasks.ts";
import { TaskTable } from "../../../electron/services/tasks/task-table.ts";
import { tempDir } from "../../support/local-gateway.ts";

const SUBMITTED_AT = 1_000_000;

function imageTasks(count: number) {
  const dataDir = tempDir("observations-");
  const db = openAppDatabase(join(dataDir, "app.sqlite"));
  const media = new MediaLibrary(db, join(dataDir, "media"), String);
  const watchedTasks = new WatchedTasks(new TaskTable(db), media, () => undefined);
  const rows = Array.from({ length: count }, (_, index) => {
    const params = { model: "image-pro", prompt: `p${index}`, n: 1, size: "64x64", responseFormat: "url", async: true };
    const row = watchedTasks.insert({
      profileId: "p",
      kind: "image",
      model: "image-pro",
      prompt: "p",
      params,
      status: "processing",
    });
    watchedTasks.change(row.id, { submitted_at: SUBMITTED_AT });
    return watchedTasks.tasks.get(row.id)!;
  });
  return { rows, durations: new ModelDurations(db), close: () => db.close() };
}

describe("a task not yet seen moving", () => {
  it("is expected to take what its running peers of the same model and size are taking", () => {
    const { rows, durations, close } = imageTasks(4);
    const observations = new TaskObservations(durations);
    // Two peers at 80 % and 75 % after 60 s: they take 75 s and 80 s.
    observations.note(rows[0]!, { at: SUBMITTED_AT + 60_000, progress: 80 });
    observations.note(rows[1]!, { at: SUBMITTED_AT + 60_000, progress: 75 });
    const { estimate } = observations.outlook(rows[2]!, false);
    expect(estimate.expectedAt - SUBMITTED_AT).toBeCloseTo(77_500, -2);
    // Two estimates that agree are not a history: at least a tenth of the mean.
    expect(estimate.spreadMs).toBeCloseTo(7_750, -2);
    // A third peer at 60 % (100 s) moves the expectation at once.
    observations.note(rows[3]!, { at: SUBMITTED_AT + 60_000, progress: 60 });
    expect(observations.outlook(rows[2]!, false).estimate.expectedAt - SUBMITTED_AT).toBeCloseTo(85_000, -2);
    close();
  });

  it("keeps its model's first guess while fewer than two peers have moved", () => {
    const { rows, durations, close } = imageTasks(3);
    const observations = new TaskObservations(durations);
    observations.note(rows[0]!, { at: SUBMITTED_AT + 60_000, progress: 80 });
    observations.note(rows[1]!, { at: SUBMITTED_AT + 4_000, progress: 0 });
    expect(observations.outlook(rows[2]!, false).estimate).toEqual({
      expectedAt: SUBMITTED_AT + 30_000,
      spreadMs: 30_000,
    });
    close();
  });

  it("follows a settled history of its model rather than its peers", () => {
    const { rows, durations, close } = imageTasks(8);
    for (const row of rows.slice(0, 5)) durations.record(row, 40_000);
    const observations = new TaskObservations(durations);
    observations.note(rows[5]!, { at: SUBMITTED_AT + 60_000, progress: 80 });
    observations.note(rows[6]!, { at: SUBMITTED_AT + 60_000, progress: 75 });
    expect(observations.outlook(rows[7]!, false).estimate.expectedAt).toBe(SUBMITTED_AT + 40_000);
    close();
  });
});

describe("the expected completion shown to the user", () => {
  it("is said only once it rests on something seen: the task's own progress or its model's earlier tasks", () => {
    const { rows, durations, close } = imageTasks(3);
    const observations = new TaskObservations(durations);
    // Only the first guess: nothing to show.
    expect(observations.expectedAt(rows[0]!)).toBeNull();
    // Its own progress: 50 % after 20 s, so 20 s more.
    observations.note(rows[0]!, { at: SUBMITTED_AT + 20_000, progress: 50 });
    expect(observations.expectedAt(rows[0]!)).toBeCloseTo(SUBMITTED_AT + 40_000, -2);
    // One earlier completion of the model and size: a task not yet moving is expected from it.
    durations.record(rows[1]!, 45_000);
    expect(observations.expectedAt(rows[2]!)).toBeCloseTo(SUBMITTED_AT + 45_000, -2);
    close();
  });

  it("is not said for a task that is not running at the gateway", () => {
    const { rows, durations, close } = imageTasks(1);
    durations.record(rows[0]!, 45_000);
    const observations = new TaskObservations(durations);
    expect(observations.expectedAt({ ...rows[0]!, status: "completed" })).toBeNull();
    expect(observations.expectedAt({ ...rows[0]!, status: "waiting" })).toBeNull();
    close();
  });
});
