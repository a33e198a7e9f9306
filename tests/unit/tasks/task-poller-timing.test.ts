import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_POLL_TIMING } from "../../../electron/services/tasks/poll-policy.ts";
import type { NewTask } from "../../../electron/services/tasks/watched-tasks.ts";
import { startPoller, SUBMITTED_AT, TASKS, type FakeTask } from "./poller-fixture.ts";

const DUE_AT = SUBMITTED_AT + 60_000;
const RUNNING: FakeTask = { readings: [5, 20], now: { status: "processing", progress: 28 } };

beforeEach(() => {
  vi.useFakeTimers({ now: DUE_AT });
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A key without a requests-per-minute budget: every due task is polled as soon as it is due. */
const UNPACED = 0;

function video(prompt: string): NewTask {
  return { profileId: "p", kind: "video", model: "video-std", prompt, params: {}, status: "waiting" };
}

describe("the poller's timer", () => {
  it("wakes for the earliest due task, without waking in between (nor for a task without a gateway id)", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { a: RUNNING, b: RUNNING }, rpm: UNPACED });
    const [a, b] = watchedTasks.tasks.withStatus(["processing"]);
    // A synchronous image whose result is being kept: nothing to poll.
    watchedTasks.insert({ ...video("synchronous"), kind: "image", status: "processing" });
    watchedTasks.change(a!.id, { next_poll_at: DUE_AT + 20_000, poll_interval_ms: 4000 });
    watchedTasks.change(b!.id, { next_poll_at: DUE_AT + 3_000, poll_interval_ms: 4000 });
    const reads = vi.spyOn(watchedTasks.tasks, "withStatus");
    poller.schedule();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(polled).toEqual([]);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polled).toEqual(["b"]);
    // The other is not polled before its time, though it is within the longest interval of now.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(polled).toEqual(["b"]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(polled).toEqual(["b", "a"]);
    close();
  });

  it("holds no timer while nothing is to be followed, and one while something is", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { a: RUNNING }, rpm: UNPACED });
    const [a] = watchedTasks.tasks.withStatus(["processing"]);
    watchedTasks.change(a!.id, { status: "completed", next_poll_at: null });
    poller.schedule();
    expect(vi.getTimerCount()).toBe(0);
    watchedTasks.change(a!.id, { status: "processing", next_poll_at: DUE_AT + 10_000 });
    poller.schedule();
    poller.schedule();
    expect(vi.getTimerCount()).toBe(1);
    close();
  });

  it("polls a task the gateway still has queued as one it is processing", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { a: RUNNING }, rpm: UNPACED });
    const [a] = watchedTasks.tasks.withStatus(["processing"]);
    watchedTasks.change(a!.id, { status: "queued" });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual(["a"]);
    close();
  });

  it("polls every due task of a key without a budget at once", async () => {
    const polled: string[] = [];
    const { poller, close } = startPoller(polled, { tasks: { a: RUNNING, b: RUNNING }, rpm: UNPACED });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(polled.sort()).toEqual(["a", "b"]);
    close();
  });

  it("keeps polling a task after each answer, at its next interval", async () => {
    const polled: string[] = [];
    const { poller, close } = startPoller(polled, { tasks: { a: RUNNING }, rpm: UNPACED });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(DEFAULT_POLL_TIMING.maxIntervalMs + 1_000);
    expect(polled.length).toBeGreaterThanOrEqual(2);
    close();
  });

  it("lengthens the interval after a poll that got no answer", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, {
      tasks: { a: RUNNING },
      rpm: UNPACED,
      held: { a: () => Promise.reject(new TypeError("fetch failed")) },
    });
    const [a] = watchedTasks.tasks.withStatus(["processing"]);
    await poller.poll(a!.id);
    expect(watchedTasks.tasks.get(a!.id)!.poll_interval_ms).toBe(4000 * DEFAULT_POLL_TIMING.growth);
    close();
  });

  it("honours a Retry-After longer than the longest interval", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, {
      tasks: { a: RUNNING },
      rpm: UNPACED,
      held: { a: async () => new Response("{}", { status: 429, headers: { "retry-after": "100" } }) },
    });
    const [a] = watchedTasks.tasks.withStatus(["processing"]);
    await poller.poll(a!.id);
    await vi.advanceTimersByTimeAsync(99_000);
    expect(polled).toEqual(["a"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polled).toEqual(["a", "a"]);
    close();
  });

  it("says how long it pauses after a failure of the app's own", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { a: RUNNING }, rpm: UNPACED });
    vi.spyOn(watchedTasks.tasks, "withStatus").mockImplementationOnce(() => {
      throw new Error("disk I/O error");
    });
    poller.schedule();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("paused for 5 s"), expect.any(Error));
    close();
  });
});

describe("what the poller polls", () => {
  it("polls only a followed task it has a gateway id for", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { a: RUNNING }, rpm: UNPACED });
    const [a] = watchedTasks.tasks.withStatus(["processing"]);
    const idless = watchedTasks.insert({ ...video("no id"), kind: "image", status: "processing" });
    await poller.poll(idless.id);
    await poller.poll("gone");
    watchedTasks.change(a!.id, { status: "completed" });
    await poller.poll(a!.id);
    expect(polled).toEqual([]);
    close();
  });

  it("times out a queued task too once the maximum wait has passed", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { a: RUNNING }, rpm: UNPACED });
    const [a] = watchedTasks.tasks.withStatus(["processing"]);
    watchedTasks.change(a!.id, { status: "queued", wait_started_at: DUE_AT - DEFAULT_POLL_TIMING.maxWaitMs - 1 });
    await poller.poll(a!.id);
    expect(watchedTasks.tasks.get(a!.id)!.status).toBe("timed_out");
    expect(polled).toEqual([]);
    close();
  });

  it("counts a task's wait on the monotonic clock from when it first saw it", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { a: RUNNING }, rpm: UNPACED });
    const [a] = watchedTasks.tasks.withStatus(["processing"]);
    watchedTasks.change(a!.id, { wait_started_at: DUE_AT });
    await vi.advanceTimersByTimeAsync(60_000);
    await poller.poll(a!.id);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await poller.poll(a!.id);
    expect(watchedTasks.tasks.get(a!.id)!.status).toBe("processing");
    expect(polled.filter((name) => name === "a").length).toBeGreaterThanOrEqual(2);
    close();
  });

  it("starts a held video at its slot, even one further off than the longest interval", async () => {
    const polled: string[] = [];
    const startedVideos: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: {}, rpm: UNPACED, startedVideos });
    const held = watchedTasks.insert(video("held"));
    watchedTasks.change(held.id, { next_poll_at: DUE_AT + 10 * 60_000 });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 1);
    expect(startedVideos).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(startedVideos).toEqual(["held"]);
    close();
  });

  it("starts nothing once the engine is closed, even when its timer fires", async () => {
    const polled: string[] = [];
    const startedVideos: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: {}, rpm: UNPACED, startedVideos });
    const held = watchedTasks.insert(video("held"));
    watchedTasks.change(held.id, { next_poll_at: DUE_AT + 1_000 });
    poller.schedule();
    watchedTasks.close();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(startedVideos).toEqual([]);
    close();
  });
});

describe("a key's poll budget", () => {
  it("goes to the task likeliest to have completed, whatever order the tasks were sent in", async () => {
    const polled: string[] = [];
    const { poller, close } = startPoller(polled, {
      tasks: { late: TASKS.late!, middle: TASKS.middle!, soon: TASKS.soon! },
    });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual(["soon"]);
    close();
  });

  it("still polls a task likely to have completed when the key's minute is mostly spent", async () => {
    const polled: string[] = [];
    const { poller, close } = startPoller(polled, { tasks: { soon: TASKS.soon! }, rpm: 60, busy: true });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual(["soon"]);
    close();
  });

  it("has one poll out at a time per key", async () => {
    const polled: string[] = [];
    const answer = Promise.withResolvers<Response>();
    const { poller, close } = startPoller(polled, {
      tasks: { soon: TASKS.soon!, middle: TASKS.middle! },
      rpm: 60,
      held: { soon: answer.promise },
    });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polled).toEqual(["soon"]);
    answer.resolve(Response.json({ id: "soon", status: "processing", progress: 80 }));
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual(["soon", "middle"]);
    close();
  });

  it("looks at a task its estimate keeps waiting exactly when it has gone unseen for two of the longest intervals", async () => {
    const polled: string[] = [];
    // Last seen 40 s after submission; unseen for 60 s at 100 s.
    vi.setSystemTime(SUBMITTED_AT + 90_000);
    const { poller, close } = startPoller(polled, { tasks: { late: TASKS.late! }, rpm: 60, busy: true });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(polled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(polled).toEqual(["late"]);
    close();
  });
});
