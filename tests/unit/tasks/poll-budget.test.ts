import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { expectedCompletionPolicy } from "../../../electron/services/tasks/expected-completion-policy.ts";
import { ModelDurations } from "../../../electron/services/tasks/model-durations.ts";
import { PollBudget } from "../../../electron/services/tasks/poll-budget.ts";
import { DEFAULT_POLL_TIMING } from "../../../electron/services/tasks/poll-policy.ts";
import { ResultKeeper } from "../../../electron/services/tasks/result-keeper.ts";
import { TaskObservations } from "../../../electron/services/tasks/task-observations.ts";
import { TaskPoller } from "../../../electron/services/tasks/task-poller.ts";
import { TaskRecords } from "../../../electron/services/tasks/task-records.ts";
import { TaskRepository } from "../../../electron/services/tasks/task-repository.ts";
import { tempDir } from "../../support/local-gateway.ts";

const SUBMITTED_AT = 1_000_000;
/** Two requests a minute: polls may use 80 %, one every 37.5 s. */
const RPM = 2;
const POLL_GAP_MS = 37_500;

interface FakeTask {
  readonly readings: readonly number[];
  /** What the gateway says when polled. */
  readonly now: Record<string, unknown>;
}

/** Three tasks whose readings so far point to completions 55 s, 96 s and 200 s after submission. */
const TASKS: Record<string, FakeTask> = {
  soon: { readings: [10, 70], now: { status: "completed", progress: 100 } },
  middle: { readings: [8, 40], now: { status: "processing", progress: 60 } },
  late: { readings: [5, 20], now: { status: "processing", progress: 28 } },
};

beforeEach(() => {
  vi.useFakeTimers({ now: SUBMITTED_AT });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A poller over `tasks` on a key with `rpm`; a task's result file answers with `files[name]` when given. */
function startPoller(
  polled: string[],
  {
    tasks = TASKS,
    rpm = RPM,
    files = {},
    freeSlots,
  }: {
    tasks?: Record<string, FakeTask>;
    rpm?: number;
    files?: Record<string, Promise<Response>>;
    /** Requests the key could still send this minute. */
    freeSlots?: number;
  } = {},
) {
  const dataDir = tempDir("poll-budget-");
  const db = openAppDatabase(join(dataDir, "app.sqlite"));
  const media = new MediaLibrary(db, join(dataDir, "media"), (id) => `/media/${id}`);
  const records = new TaskRecords(new TaskRepository(db), media, () => undefined);
  const gateway: typeof fetch = async (input) => {
    const name = String(input).split("/").at(-1) ?? "";
    const file = files[name];
    if (file) return file;
    polled.push(name);
    const now = tasks[name]?.now ?? { status: "failed", progress: 0 };
    const record = { id: name, ...now, created_at: new Date(SUBMITTED_AT).toISOString() };
    return Response.json(record);
  };
  const observations = new TaskObservations(new ModelDurations(db));
  const poller = new TaskPoller({
    records,
    keeper: new ResultKeeper(media, () => ({ fetch: gateway, profileBaseUrl: "http://gateway.test" })),
    clientFor: () =>
      new GatewayClient({ baseUrl: "http://gateway.test", auth: "bearer", key: "sk-test" }, { fetch: gateway }),
    timing: DEFAULT_POLL_TIMING,
    policy: expectedCompletionPolicy,
    budget: new PollBudget(
      () => rpm,
      () => freeSlots,
    ),
    observations,
    maxWaitOf: () => DEFAULT_POLL_TIMING.maxWaitMs,
    startWaitingVideo: async () => undefined,
    onResultKept: (row) => records.change(row.id, { status: "completed", next_poll_at: null, finished_at: Date.now() }),
    onEndedWithoutResult: () => undefined,
  });
  for (const [name, task] of Object.entries(tasks)) {
    const params = { model: "image-pro", prompt: name, n: 1, size: "64x64", responseFormat: "url", async: true };
    const row = records.insert({
      profileId: "p",
      kind: "image",
      model: "image-pro",
      prompt: name,
      params,
      status: "processing",
    });
    records.change(row.id, {
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
    records.close();
    poller.stop();
    db.close();
  };
  return { poller, close };
}

describe("the poll budget", () => {
  it("spends each poll the key can afford on the task likeliest to have completed", async () => {
    const polled: string[] = [];
    const { poller, close } = startPoller(polled);
    vi.setSystemTime(SUBMITTED_AT + 60_000);
    poller.schedule();
    // All three are due; the budget allows one poll now, and it goes to the task expected at 55 s.
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual(["soon"]);
    // Nothing more until the budget allows the next poll: then the task expected at 96 s, not at 200 s.
    await vi.advanceTimersByTimeAsync(POLL_GAP_MS - 1000);
    expect(polled).toEqual(["soon"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(polled).toEqual(["soon", "middle"]);
    close();
  });

  it("keeps a key's minute for polls likely to find a completion once half of it is spent", () => {
    let free = 40;
    // RPM 60: polls at 48 a minute, five seconds' worth (4) saved up.
    const budget = new PollBudget(
      () => 60,
      () => free,
    );
    const now = SUBMITTED_AT;
    expect(budget.openAt("p", false, now)).toBe(now);
    free = 29;
    expect(budget.openAt("p", true, now)).toBe(now);
    // A routine look waits, and is asked again a second later.
    expect(budget.openAt("p", false, now)).toBe(now + 1000);
    free = 30;
    expect(budget.openAt("p", false, now)).toBe(now);
  });

  it("saves up five seconds of polls, not more: a burst would hold the key's minute for a whole minute", () => {
    const budget = new PollBudget(() => 60);
    const now = SUBMITTED_AT + 600_000;
    for (let poll = 0; poll < 4; poll++) {
      expect(budget.openAt("p", true, now)).toBe(now);
      budget.take("p", now);
      budget.release("p");
    }
    // The fifth waits for the bucket: 48 a minute is one every 1.25 s.
    expect(budget.openAt("p", true, now)).toBe(now + 1250);
  });

  it("gives the poll back when the gateway answers: a slow result download does not hold the other tasks' polls", async () => {
    const polled: string[] = [];
    let finishDownload: (response: Response) => void = () => undefined;
    const download = new Promise<Response>((resolve) => (finishDownload = resolve));
    const result = { created: 1, data: [{ url: "http://gateway.test/files/big.png", revised_prompt: "big" }] };
    const { poller, close } = startPoller(polled, {
      tasks: {
        big: { readings: [10, 70], now: { status: "completed", progress: 100, result } },
        other: { readings: [8, 40], now: { status: "processing", progress: 60 } },
      },
      rpm: 60,
      files: { "big.png": download },
    });
    vi.setSystemTime(SUBMITTED_AT + 60_000);
    poller.schedule();
    await vi.advanceTimersByTimeAsync(5_000);
    // The first task's picture is still coming, and the second task has been looked at meanwhile.
    expect(polled).toEqual(["big", "other"]);
    finishDownload(new Response(new Uint8Array([1, 2, 3])));
    await vi.advanceTimersByTimeAsync(10);
    close();
  });

  it("still looks at a task its estimate keeps waiting once it has gone unseen for a minute", async () => {
    const polled: string[] = [];
    // Seen at 10 s and 40 s, expected at about 200 s: routine until then, and the key's minute is mostly used.
    const { poller, close } = startPoller(polled, { tasks: { late: TASKS.late! }, rpm: 60, freeSlots: 10 });
    vi.setSystemTime(SUBMITTED_AT + 90_000);
    poller.schedule();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(polled).toEqual([]);
    // 60 s after it was last seen, it goes.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(polled).toEqual(["late"]);
    await vi.advanceTimersByTimeAsync(10);
    close();
  });
});
