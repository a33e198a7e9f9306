/** The poller's rules at their edges: pacing while a poll is out, the ranking, failures counted and partial results. */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { expectedCompletionPolicy } from "../../../electron/services/tasks/expected-completion-policy.ts";
import { ModelDurations } from "../../../electron/services/tasks/model-durations.ts";
import { PollPacer } from "../../../electron/services/tasks/poll-pacer.ts";
import {
  DEFAULT_POLL_TIMING,
  type PollPolicy,
  type TaskOutlook,
} from "../../../electron/services/tasks/poll-policy.ts";
import { applyReading } from "../../../electron/services/tasks/reading-outcome.ts";
import { ResultKeeper } from "../../../electron/services/tasks/result-keeper.ts";
import { FAILURES_SAID_AFTER, missingResults, resultsLeftOut } from "../../../electron/services/tasks/task-notices.ts";
import { NOT_FOUND_LOOKS, type TaskFailure } from "../../../electron/services/tasks/task-failures.ts";
import { TaskObservations } from "../../../electron/services/tasks/task-observations.ts";
import { TaskPoller, type TaskPollerDependencies } from "../../../electron/services/tasks/task-poller.ts";
import { TaskTable, type TaskRow } from "../../../electron/services/tasks/task-table.ts";
import { WatchedTasks } from "../../../electron/services/tasks/watched-tasks.ts";
import { tempDir } from "../../support/local-gateway.ts";

const SUBMITTED_AT = 1_000_000;
const DUE_AT = SUBMITTED_AT + 60_000;
/** A key whose polls are paced: 48 a minute, four saved up. */
const PACED = 60;

beforeEach(() => {
  vi.useFakeTimers({ now: DUE_AT });
});
afterEach(() => {
  vi.useRealTimers();
});

/** How urgent the policy finds a task (at a moment, when a function), and when it was last seen. */
interface Plan {
  readonly urgency: number | ((at: number) => number);
  readonly lastSeenAt: number;
}

type Answer = () => Response | Promise<Response>;
const running: Answer = () => Response.json({ status: "processing", progress: 10 });
const notFound: Answer = () =>
  Response.json({ error: { message: "no such task", code: "not_found" } }, { status: 404 });
const noAnswer: Answer = () => Promise.reject(new TypeError("fetch failed"));

/** An answer the test gives when it likes; the poll counts as sent at once. */
function heldAnswer() {
  const answer = Promise.withResolvers<Response>();
  return { answer: () => answer.promise, give: () => answer.resolve(running()) };
}

/**
 * A poller over a real database and a fake gateway answering each task by its gateway id (`answers`,
 * "processing" when not given). With `plans`, the policy weighs a task by its planned urgency and
 * when it was last seen, whatever its readings.
 */
function world({
  rpm = PACED,
  busy = false,
  plans,
}: { rpm?: number; busy?: boolean; plans?: Record<string, Plan> } = {}) {
  const dataDir = tempDir("poller-edges-");
  const db = openAppDatabase(join(dataDir, "app.sqlite"));
  const media = new MediaLibrary(db, join(dataDir, "media"), (id) => `/media/${id}`);
  const watchedTasks = new WatchedTasks(new TaskTable(db), media, () => undefined);
  const polled: string[] = [];
  const answers: Record<string, Answer> = {};
  const gateway: typeof fetch = async (input) => {
    const name = String(input).split("/").at(-1) ?? "";
    polled.push(name);
    return (answers[name] ?? running)();
  };
  const observations = new TaskObservations(new ModelDurations(db));
  const urgencies = new WeakMap<TaskOutlook, Plan["urgency"]>();
  /** Whether the last reading brought a new status, as each outlook the policy weighed said. */
  const weighedAsChanged: boolean[] = [];
  let policy: PollPolicy = expectedCompletionPolicy;
  if (plans) {
    const outlookOf = observations.outlook.bind(observations);
    vi.spyOn(observations, "outlook").mockImplementation((row, statusChanged) => {
      const plan = plans[row.remote_id ?? row.prompt]!;
      const outlook = { ...outlookOf(row, statusChanged), lastSeenAt: plan.lastSeenAt };
      urgencies.set(outlook, plan.urgency);
      return outlook;
    });
    policy = {
      intervalAfter: (task, now, timing) => expectedCompletionPolicy.intervalAfter(task, now, timing),
      urgency: (task, now) => {
        weighedAsChanged.push(task.statusChanged);
        const urgency = urgencies.get(task)!;
        return typeof urgency === "number" ? urgency : urgency(now);
      },
    };
  }
  const kept: string[] = [];
  const ended: string[] = [];
  const startedVideos: string[] = [];
  const deps: TaskPollerDependencies = {
    watchedTasks,
    keeper: new ResultKeeper(media, () => ({ fetch: gateway, profileBaseUrl: "http://gateway.test" })),
    clientFor: () =>
      new GatewayClient({ baseUrl: "http://gateway.test", auth: "bearer", key: "sk-test" }, { fetch: gateway }),
    timing: DEFAULT_POLL_TIMING,
    policy,
    pacer: new PollPacer(
      (profileId) => (profileId === "p" ? rpm : 0),
      () => busy,
    ),
    observations,
    maxWaitOf: () => DEFAULT_POLL_TIMING.maxWaitMs,
    startWaitingVideo: async (row) => void startedVideos.push(row.prompt),
    onResultKept: (row) => void kept.push(row.prompt),
    onEndedWithoutResult: (row) => void ended.push(row.prompt),
  };
  const poller = new TaskPoller(deps);
  /** A task being followed (its gateway id is its name), due when `nextPollAt` says. */
  const follow = (
    name: string,
    {
      kind = "image",
      n = 1,
      remote = true,
      nextPollAt = DUE_AT,
      profileId = "p",
    }: { kind?: "image" | "video"; n?: number; remote?: boolean; nextPollAt?: number | null; profileId?: string } = {},
  ): TaskRow => {
    const params =
      kind === "image"
        ? { model: "image-pro", prompt: name, n, size: "64x64", responseFormat: "url", async: true }
        : {};
    const model = kind === "image" ? "image-pro" : "video-std";
    const row = watchedTasks.insert({ profileId, kind, model, prompt: name, params, status: "processing" });
    watchedTasks.change(row.id, {
      remote_id: remote ? name : null,
      submitted_at: SUBMITTED_AT,
      poll_interval_ms: 4000,
      next_poll_at: nextPollAt,
    });
    return watchedTasks.tasks.get(row.id)!;
  };
  /** A video held for its slot, which comes at `slotAt`. */
  const holdVideo = (name: string, slotAt: number | null, profileId = "p"): TaskRow => {
    const row = watchedTasks.insert({
      profileId,
      kind: "video",
      model: "video-std",
      prompt: name,
      params: {},
      status: "waiting",
    });
    watchedTasks.change(row.id, { next_poll_at: slotAt });
    return row;
  };
  /** A result of the task already kept in the gallery. */
  const keepOne = (row: TaskRow) =>
    media.save({
      taskId: row.id,
      profileId: row.profile_id,
      kind: row.kind,
      bytes: new Uint8Array([1, 2, 3]),
      mime: "image/png",
      prompt: row.prompt,
      model: row.model,
      size: "64x64",
      duration: null,
      remoteUrl: null,
      requestId: null,
    });
  const current = (row: TaskRow) => watchedTasks.tasks.get(row.id)!;
  const close = () => {
    watchedTasks.close();
    poller.stop();
    db.close();
  };
  return {
    poller,
    deps,
    watchedTasks,
    polled,
    answers,
    kept,
    ended,
    startedVideos,
    weighedAsChanged,
    follow,
    holdVideo,
    keepOne,
    current,
    close,
  };
}

const noticeOf = (row: TaskRow) => (row.notice === null ? null : (JSON.parse(row.notice) as { code: string }).code);

describe("the poller while a poll is out", () => {
  it("polls every due task of a key without a budget even while the gateway has not answered one of them", async () => {
    const { poller, follow, answers, polled, close } = world({ rpm: 0 });
    follow("a", { profileId: "free" });
    follow("b", { profileId: "free" });
    answers.a = heldAnswer().answer;
    answers.b = heldAnswer().answer;
    poller.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(polled.sort()).toEqual(["a", "b"]);
    close();
  });

  it("wakes no timer for a task whose poll is out, though its next poll was due", async () => {
    const { poller, follow, answers, polled, close } = world({ rpm: 0 });
    follow("a", { profileId: "free" });
    const held = heldAnswer();
    answers.a = held.answer;
    poller.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(polled).toEqual(["a"]);
    const timers = vi.getTimerCount();
    // As the engine does after a submission: the poll out keeps the task from being weighed again.
    poller.schedule();
    expect(vi.getTimerCount()).toBe(timers);
    held.give();
    close();
  });

  it("wakes no timer for a paced key's due task while the key's one poll is out", async () => {
    const { poller, follow, answers, polled, close } = world();
    follow("a");
    const held = heldAnswer();
    answers.a = held.answer;
    poller.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(polled).toEqual(["a"]);
    follow("b");
    const timers = vi.getTimerCount();
    poller.schedule();
    expect(vi.getTimerCount()).toBe(timers);
    held.give();
    close();
  });

  it("starts a held video at its slot while the key's poll is out, and polls nothing more of the key meanwhile", async () => {
    const { poller, follow, holdVideo, answers, polled, startedVideos, close } = world();
    follow("a");
    const held = heldAnswer();
    answers.a = held.answer;
    poller.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(polled).toEqual(["a"]);
    follow("b");
    holdVideo("clip", DUE_AT + 5000);
    poller.schedule();
    await vi.advanceTimersByTimeAsync(5000);
    expect(startedVideos).toEqual(["clip"]);
    expect(polled).toEqual(["a"]);
    held.give();
    await vi.advanceTimersByTimeAsync(1000);
    expect(polled).toEqual(["a", "b"]);
    close();
  });

  it("wakes no timer for a paced key's task without a gateway id", () => {
    const { poller, follow, close } = world();
    follow("unsent", { remote: false });
    poller.schedule();
    expect(vi.getTimerCount()).toBe(0);
    close();
  });

  it("never lets a task without a gateway id take a paced key's turn from a due task", async () => {
    const { poller, follow, polled, close } = world({
      plans: {
        unsent: { urgency: 0.9, lastSeenAt: DUE_AT - 1000 },
        due: { urgency: 0.6, lastSeenAt: DUE_AT - 1000 },
      },
    });
    follow("unsent", { remote: false });
    follow("due");
    poller.schedule();
    await vi.advanceTimersByTimeAsync(1000);
    expect(polled).toEqual(["due"]);
    close();
  });
});

describe("the paced key's turn", () => {
  /** Three due tasks of one paced key; with four polls saved up, each is polled in turn, the first chosen first. */
  async function pollOrder(plans: Record<string, Plan>) {
    const { poller, follow, polled, weighedAsChanged, close } = world({ plans });
    for (const name of Object.keys(plans)) follow(name);
    poller.schedule();
    await vi.advanceTimersByTimeAsync(100);
    close();
    return { polled, weighedAsChanged };
  }

  it("goes to the more urgent of equally likely tasks, whichever was seen longer ago", async () => {
    const { polled } = await pollOrder({
      least: { urgency: 0.6, lastSeenAt: DUE_AT - 30_000 },
      more: { urgency: 0.7, lastSeenAt: DUE_AT - 20_000 },
      most: { urgency: 0.9, lastSeenAt: DUE_AT - 10_000 },
    });
    expect(polled).toEqual(["most", "more", "least"]);
  });

  it("goes, between tasks as urgent, to the one seen longest ago", async () => {
    const { polled } = await pollOrder({
      recent: { urgency: 0.6, lastSeenAt: DUE_AT - 10_000 },
      earlier: { urgency: 0.6, lastSeenAt: DUE_AT - 20_000 },
      earliest: { urgency: 0.6, lastSeenAt: DUE_AT - 30_000 },
    });
    expect(polled).toEqual(["earliest", "earlier", "recent"]);
  });

  it("tells the policy, when weighing a task, that no new status was read", async () => {
    const { polled, weighedAsChanged } = await pollOrder({
      one: { urgency: 0.6, lastSeenAt: DUE_AT - 10_000 },
      two: { urgency: 0.7, lastSeenAt: DUE_AT - 10_000 },
    });
    expect(polled).toEqual(["two", "one"]);
    expect(weighedAsChanged.length).toBeGreaterThan(0);
    expect(weighedAsChanged.every((changed) => !changed)).toBe(true);
  });

  it("looks again a second later at a due poll a busy key holds back as unlikely, not at once", async () => {
    const { poller, follow, polled, close } = world({
      busy: true,
      plans: { routine: { urgency: (at) => (at < DUE_AT + 3000 ? 0.1 : 0.9), lastSeenAt: DUE_AT - 1000 } },
    });
    follow("routine");
    poller.schedule();
    for (const second of [1, 2, 3]) {
      await vi.advanceTimersToNextTimerAsync();
      expect(Date.now()).toBe(DUE_AT + second * 1000);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(polled).toEqual(["routine"]);
    close();
  });

  it("weighs a task due later as it will be then: likely by then, it wakes the poller at its due time only", async () => {
    const dueAt = DUE_AT + 10_000;
    const { poller, follow, polled, close } = world({
      busy: true,
      plans: { later: { urgency: (at) => (at < dueAt ? 0.1 : 0.9), lastSeenAt: DUE_AT - 1000 } },
    });
    follow("later", { nextPollAt: dueAt });
    poller.schedule();
    await vi.advanceTimersToNextTimerAsync();
    expect(Date.now()).toBe(dueAt);
    await vi.advanceTimersByTimeAsync(0);
    expect(polled).toEqual(["later"]);
    close();
  });

  it("counts a task as likely as not to have completed as likely: a busy key still polls it", async () => {
    for (const [urgency, expected] of [
      [0.5, ["even"]],
      [0.49, []],
    ] as const) {
      const { poller, follow, polled, close } = world({
        busy: true,
        plans: { even: { urgency, lastSeenAt: DUE_AT - 1000 } },
      });
      follow("even");
      poller.schedule();
      await vi.advanceTimersByTimeAsync(5000);
      expect(polled).toEqual(expected);
      close();
    }
  });
});

describe("failed polls counted", () => {
  it(`says on the task after ${FAILURES_SAID_AFTER} failed polls in a row, and counts again from an answer`, async () => {
    expect(FAILURES_SAID_AFTER).toBe(2);
    const { poller, follow, answers, current, close } = world();
    const task = follow("flaky");
    const sequence = [noAnswer, noAnswer, running, noAnswer, noAnswer];
    answers.flaky = () => sequence.shift()!();
    const notices: (string | null)[] = [];
    for (let poll = 0; poll < 5; poll++) {
      await poller.poll(task.id);
      notices.push(noticeOf(current(task)));
    }
    expect(notices).toEqual([null, "TASK_POLLS_FAILING", null, null, "TASK_POLLS_FAILING"]);
    close();
  });
});

describe("a task the gateway lost", () => {
  it("completes with the results it kept, saying how many of those asked for are missing", async () => {
    const { poller, follow, keepOne, answers, current, kept, ended, close } = world();
    const task = follow("pair", { n: 2 });
    keepOne(task);
    answers.pair = notFound;
    for (let look = 0; look < NOT_FOUND_LOOKS; look++) await poller.poll(task.id);
    const row = current(task);
    expect(row).toMatchObject({ status: "completed", progress: 100, next_poll_at: null, finished_at: Date.now() });
    expect(JSON.parse(row.notice!)).toMatchObject({ code: "TASK_RESULTS_MISSING", params: { count: 1, asked: 2 } });
    expect(kept).toEqual(["pair"]);
    expect(ended).toEqual([]);
    close();
  });

  it("fails a video it had no result of, as asked for one", async () => {
    const { poller, follow, answers, current, ended, close } = world();
    const clip = follow("clip", { kind: "video" });
    answers.clip = notFound;
    for (let look = 0; look < NOT_FOUND_LOOKS; look++) await poller.poll(clip.id);
    expect(current(clip)).toMatchObject({ status: "failed", next_poll_at: null });
    expect(ended).toEqual(["clip"]);
    close();
  });
});

describe("ending a task without its whole result", () => {
  const failure: TaskFailure = { code: "not_found", message: "no such task", text: null };

  it("completes a task holding some of its results with those, saying how many are missing and why", () => {
    const { watchedTasks, follow, keepOne, current, close } = world();
    const task = follow("three", { n: 3 });
    keepOne(task);
    expect(watchedTasks.endWithout(task.id, failure, 3)).toBe(true);
    expect(current(task)).toMatchObject({
      status: "completed",
      progress: 100,
      finished_at: Date.now(),
      next_poll_at: null,
      notice: missingResults(2, 3, failure),
    });
    close();
  });

  it("fails a task holding none", () => {
    const { watchedTasks, follow, current, close } = world();
    const task = follow("none", { n: 3 });
    expect(watchedTasks.endWithout(task.id, failure, 3)).toBe(false);
    expect(current(task)).toMatchObject({ status: "failed", error_code: "not_found", notice: null });
    close();
  });
});

describe("a completed reading's notice", () => {
  function completedReading(leftOut: number, notice: string | null = null) {
    const changes: string[] = [];
    const { deps, follow, watchedTasks, current, kept, close } = world();
    const task = follow("done");
    if (notice !== null) watchedTasks.change(task.id, { notice });
    const counted = new WatchedTasks(watchedTasks.tasks, { idsForTask: () => [] } as never, (view) =>
      changes.push(view.id),
    );
    const reading = {
      row: current(task),
      status: "completed" as const,
      progress: 100,
      errorCode: undefined,
      errorMessage: undefined,
      tookMs: 1000,
      keepResult: async () => leftOut,
    };
    return {
      apply: () => applyReading({ ...deps, watchedTasks: counted }, reading),
      row: () => current(task),
      changes,
      kept,
      close,
    };
  }

  it("says how many results beyond those asked for were left out", async () => {
    const { apply, row, kept, close } = completedReading(2);
    await apply();
    expect(row().notice).toBe(JSON.stringify(resultsLeftOut(2)));
    expect(kept).toEqual(["done"]);
    close();
  });

  it("clears a notice said earlier (polls failing) once the result is kept whole", async () => {
    const { apply, row, close } = completedReading(0, JSON.stringify({ code: "TASK_POLLS_FAILING", params: {} }));
    await apply();
    expect(row().notice).toBeNull();
    close();
  });

  it("writes nothing when there is nothing to say", async () => {
    const { apply, changes, kept, close } = completedReading(0);
    await apply();
    expect(changes).toEqual([]);
    expect(kept).toEqual(["done"]);
    close();
  });
});

describe("the poller on start and over time", () => {
  it("leaves a synchronous answer whose results were recorded to the submitter on resume", () => {
    const { poller, follow, watchedTasks, current, close } = world();
    const recorded = follow("recorded", { remote: false });
    watchedTasks.change(recorded.id, { results: JSON.stringify([{ url: "http://gateway.test/r.png" }]) });
    const cut = follow("cut", { remote: false });
    poller.resume();
    expect(current(recorded).status).toBe("processing");
    expect(current(cut).status).toBe("failed");
    close();
  });

  it("counts the wait from when the task was first seen on the monotonic clock, however long the process had run", async () => {
    // The process has been up ten minutes when it first sees a task that has waited one.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const { poller, follow, watchedTasks, polled, current, close } = world();
    const task = follow("task");
    watchedTasks.change(task.id, { wait_started_at: Date.now() - 60_000 });
    await poller.poll(task.id);
    expect(polled).toEqual(["task"]);
    expect(current(task).status).toBe("processing");
    close();
  });
});
