import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_RETRY_AFTER_S } from "../../../electron/services/gateway-client/rate-limit-retry.ts";
import { DEFAULT_POLL_TIMING } from "../../../electron/services/tasks/poll-policy.ts";
import {
  NOT_FOUND_LOOKS,
  RESULT_CUT_BY_RESTART,
  SUBMISSION_CUT_BY_RESTART,
} from "../../../electron/services/tasks/task-failures.ts";
import type { NewTask } from "../../../electron/services/tasks/watched-tasks.ts";
import { startPoller, SUBMITTED_AT, TASKS } from "./poller-fixture.ts";

const DUE_AT = SUBMITTED_AT + 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: SUBMITTED_AT });
});
afterEach(() => {
  vi.useRealTimers();
});

const row = (prompt: string, status: NewTask["status"], kind: NewTask["kind"] = "image"): NewTask => ({
  profileId: "p",
  kind,
  model: kind === "image" ? "image-pro" : "video-std",
  prompt,
  params: {},
  status,
});

/** A poller over the one task `soon`, answered by `answer` each time it is polled. */
function pollerAnswering(answer: () => Response) {
  const polled: string[] = [];
  const ended: string[] = [];
  const started = startPoller(polled, {
    tasks: { soon: TASKS.soon! },
    rpm: 60,
    ended,
    held: { soon: async () => answer() },
  });
  const id = started.watchedTasks.tasks.withStatus(["processing"])[0]!.id;
  return { ...started, polled, ended, id, row: () => started.watchedTasks.tasks.get(id)! };
}

const notFound = () => Response.json({ error: { message: "no such task", code: "not_found" } }, { status: 404 });
const running = () => Response.json({ id: "soon", status: "processing", progress: 50 });

describe("the poller after a restart", () => {
  it("fails a submission the restart cut and a task it has no gateway id for, and goes on following the others", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { soon: TASKS.soon! }, rpm: 60 });
    const submitting = watchedTasks.insert(row("cut while sending", "submitting"));
    const processing = watchedTasks.insert(row("synchronous image", "processing"));
    const queued = watchedTasks.insert(row("queued without id", "queued"));
    vi.setSystemTime(DUE_AT);
    poller.resume();
    expect(watchedTasks.tasks.get(submitting.id)).toMatchObject({
      status: "failed",
      error_code: SUBMISSION_CUT_BY_RESTART.code,
    });
    for (const { id } of [processing, queued])
      expect(watchedTasks.tasks.get(id)).toMatchObject({ status: "failed", error_code: RESULT_CUT_BY_RESTART.code });
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual(["soon"]);
    close();
  });
});

describe("when the poller polls", () => {
  it("polls a task when its next poll comes, not before", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { soon: TASKS.soon! }, rpm: 60 });
    const [soon] = watchedTasks.tasks.withStatus(["processing"]);
    watchedTasks.change(soon!.id, { next_poll_at: SUBMITTED_AT + 3_000 });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(polled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(polled).toEqual(["soon"]);
    close();
  });

  it("starts a held video when its slot comes", async () => {
    const polled: string[] = [];
    const startedVideos: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: {}, rpm: 2, busy: true, startedVideos });
    const video = watchedTasks.insert(row("held video", "waiting", "video"));
    watchedTasks.change(video.id, { next_poll_at: SUBMITTED_AT + 5_000 });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(startedVideos).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(startedVideos).toEqual(["held video"]);
    close();
  });

  it("stops polling when stopped, and a closed engine polls nothing", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { soon: TASKS.soon! }, rpm: 60 });
    poller.schedule();
    poller.stop();
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(polled).toEqual([]);
    watchedTasks.close();
    await poller.poll(watchedTasks.tasks.withStatus(["processing"])[0]!.id);
    poller.schedule();
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(polled).toEqual([]);
    close();
  });
});

describe("a poll the gateway refuses for now", () => {
  it("waits as long as the 429's Retry-After says before polling again", async () => {
    const { poller, id, row, close } = pollerAnswering(
      () => new Response("{}", { status: 429, headers: { "retry-after": "7" } }),
    );
    vi.setSystemTime(DUE_AT);
    await poller.poll(id);
    expect(row()).toMatchObject({ status: "processing", next_poll_at: DUE_AT + 7_000, poll_interval_ms: 7_000 });
    close();
  });

  it(`waits at most ${MAX_RETRY_AFTER_S} s, whatever Retry-After says`, async () => {
    const { poller, id, row, close } = pollerAnswering(
      () => new Response("{}", { status: 429, headers: { "retry-after": "100000" } }),
    );
    vi.setSystemTime(DUE_AT);
    await poller.poll(id);
    expect(row()).toMatchObject({ poll_interval_ms: MAX_RETRY_AFTER_S * 1000 });
    close();
  });
});

describe("a task the gateway says it does not have", () => {
  it(`is believed gone only after ${NOT_FOUND_LOOKS} not-found answers in a row, and then ends without a result`, async () => {
    const { poller, id, row, ended, close } = pollerAnswering(notFound);
    vi.setSystemTime(DUE_AT);
    for (let look = 1; look < NOT_FOUND_LOOKS; look++) {
      await poller.poll(id);
      expect(row().status).toBe("processing");
    }
    expect(ended).toEqual([]);
    await poller.poll(id);
    expect(row()).toMatchObject({ status: "failed", next_poll_at: null });
    expect(ended).toEqual(["soon"]);
    close();
  });

  it("starts counting again after an answer that found it", async () => {
    const answers = [notFound, notFound, running, notFound, notFound];
    const { poller, id, row, close } = pollerAnswering(() => answers.shift()!());
    vi.setSystemTime(DUE_AT);
    for (let look = 0; look < 5; look++) await poller.poll(id);
    expect(row().status).toBe("processing");
    close();
  });
});

describe("waiting again after a timeout", () => {
  it("waits the whole maximum again from now, polling at once", async () => {
    const { poller, watchedTasks, polled, id, row, close } = pollerAnswering(running);
    watchedTasks.change(id, { wait_started_at: SUBMITTED_AT });
    vi.setSystemTime(SUBMITTED_AT + DEFAULT_POLL_TIMING.maxWaitMs + 1);
    await poller.poll(id);
    expect(row().status).toBe("timed_out");
    expect(polled).toEqual([]);
    const again = Date.now();
    poller.waitAgain(id);
    expect(row()).toMatchObject({
      status: "processing",
      wait_started_at: again,
      next_poll_at: again,
      poll_interval_ms: null,
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual(["soon"]);
    expect(row().status).toBe("processing");
    close();
  });

  it("changes nothing for a task that did not time out", async () => {
    const { poller, watchedTasks, id, row, close } = pollerAnswering(running);
    watchedTasks.change(id, { status: "completed", next_poll_at: null, finished_at: SUBMITTED_AT });
    poller.waitAgain(id);
    expect(row()).toMatchObject({ status: "completed", next_poll_at: null });
    close();
  });
});
