/** A TaskPoller over a real database and a fake gateway's answers, for the poller's unit tests. */
import { join } from "node:path";
import { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { expectedCompletionPolicy } from "../../../electron/services/tasks/expected-completion-policy.ts";
import { ModelDurations } from "../../../electron/services/tasks/model-durations.ts";
import { PollPacer } from "../../../electron/services/tasks/poll-pacer.ts";
import { DEFAULT_POLL_TIMING } from "../../../electron/services/tasks/poll-policy.ts";
import { ResultKeeper } from "../../../electron/services/tasks/result-keeper.ts";
import { TaskObservations } from "../../../electron/services/tasks/task-observations.ts";
import { TaskPoller } from "../../../electron/services/tasks/task-poller.ts";
import { WatchedTasks } from "../../../electron/services/tasks/watched-tasks.ts";
import { TaskTable } from "../../../electron/services/tasks/task-table.ts";
import { tempDir } from "../../support/local-gateway.ts";

export const SUBMITTED_AT = 1_000_000;
/** Two requests a minute: polls may use 80 %, one every 37.5 s. */
const RPM = 2;
export const POLL_GAP_MS = 37_500;

export interface FakeTask {
  readonly readings: readonly number[];
  /** What the gateway says when polled. */
  readonly now: Record<string, unknown>;
}

/** Three tasks whose readings so far point to completions 55 s, 96 s and 200 s after submission. */
export const TASKS: Record<string, FakeTask> = {
  soon: { readings: [10, 70], now: { status: "completed", progress: 100 } },
  middle: { readings: [8, 40], now: { status: "processing", progress: 60 } },
  late: { readings: [5, 20], now: { status: "processing", progress: 28 } },
};

/** A poller over `tasks` on a key with `rpm`; a task's result file answers with `files[name]` when given. */
export function startPoller(
  polled: string[],
  {
    tasks = TASKS,
    rpm = RPM,
    files = {},
    held = {},
    busy = false,
    ended = [],
    startedVideos = [],
  }: {
    tasks?: Record<string, FakeTask>;
    rpm?: number;
    files?: Record<string, Promise<Response>>;
    /** A poll of the task answered when the test settles this promise (it is counted as polled at once). */
    held?: Record<string, Promise<Response> | (() => Promise<Response>)>;
    /** More than half of the key's minute is spent. */
    busy?: boolean;
    /** Receives the prompt of each task that ended without a result. */
    ended?: string[];
    /** Receives the prompt of each held video whose slot came. */
    startedVideos?: string[];
  } = {},
) {
  const dataDir = tempDir("poll-pacer-");
  const db = openAppDatabase(join(dataDir, "app.sqlite"));
  const media = new MediaLibrary(db, join(dataDir, "media"), (id) => `/media/${id}`);
  const watchedTasks = new WatchedTasks(new TaskTable(db), media, () => undefined);
  const gateway: typeof fetch = async (input) => {
    const name = String(input).split("/").at(-1) ?? "";
    const file = files[name];
    if (file) return file;
    polled.push(name);
    const answer = held[name];
    if (answer) return typeof answer === "function" ? answer() : answer;
    const now = tasks[name]?.now ?? { status: "failed", progress: 0 };
    const record = { id: name, ...now, created_at: new Date(SUBMITTED_AT).toISOString() };
    return Response.json(record);
  };
  const observations = new TaskObservations(new ModelDurations(db));
  const poller = new TaskPoller({
    watchedTasks,
    keeper: new ResultKeeper(media, () => ({ fetch: gateway, profileBaseUrl: "http://gateway.test" })),
    clientFor: () =>
      new GatewayClient({ baseUrl: "http://gateway.test", auth: "bearer", key: "sk-test" }, { fetch: gateway }),
    timing: DEFAULT_POLL_TIMING,
    policy: expectedCompletionPolicy,
    pacer: new PollPacer(
      () => rpm,
      () => busy,
    ),
    observations,
    maxWaitOf: () => DEFAULT_POLL_TIMING.maxWaitMs,
    startWaitingVideo: async (row) => void startedVideos.push(row.prompt),
    onResultKept: (row) =>
      watchedTasks.change(row.id, { status: "completed", next_poll_at: null, finished_at: Date.now() }),
    onEndedWithoutResult: (row) => void ended.push(row.prompt),
  });
  for (const [name, task] of Object.entries(tasks)) {
    const params = { model: "image-pro", prompt: name, n: 1, size: "64x64", responseFormat: "url", async: true };
    const row = watchedTasks.insert({
      profileId: "p",
      kind: "image",
      model: "image-pro",
      prompt: name,
      params,
      status: "processing",
    });
    watchedTasks.change(row.id, {
      remote_id: name,
      submitted_at: SUBMITTED_AT,
      poll_interval_ms: 4000,
      next_poll_at: SUBMITTED_AT + 60_000,
    });
    task.readings.forEach((progress, index) =>
      observations.note(row, { at: SUBMITTED_AT + 10_000 + 30_000 * index, progress }),
    );
  }
  // As the engine closes: polls still out when it closes change nothing afterwards.
  const close = () => {
    watchedTasks.close();
    poller.stop();
    db.close();
  };
  return { poller, watchedTasks, close };
}
