import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_MAX_WAIT_MINUTES } from "../../../shared/ipc/profiles.ts";
import { DEFAULT_POLL_TIMING } from "../../../electron/services/tasks/poll-policy.ts";
import { startPoller, SUBMITTED_AT, TASKS } from "./poller-fixture.ts";

const DUE_AT = SUBMITTED_AT + 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: SUBMITTED_AT });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A poller over the one task `soon`, due at DUE_AT, whose poll is answered when the test says. */
function pollerWithHeldAnswer() {
  const polled: string[] = [];
  const answer = Promise.withResolvers<Response>();
  const started = startPoller(polled, { tasks: { soon: TASKS.soon! }, rpm: 60, held: { soon: answer.promise } });
  const id = started.watchedTasks.tasks.withStatus(["processing"])[0]!.id;
  return { ...started, polled, answer, id, row: () => started.watchedTasks.tasks.get(id)! };
}

describe("the task poller's rules", () => {
  it("never polls the same task twice at once: while a poll is out, neither a tick nor a second call sends another", async () => {
    const { poller, polled, answer, id, close } = pollerWithHeldAnswer();
    vi.setSystemTime(DUE_AT);
    poller.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(polled).toEqual(["soon"]);
    const second = poller.poll(id);
    await vi.advanceTimersByTimeAsync(5 * DEFAULT_POLL_TIMING.maxIntervalMs);
    expect(polled).toEqual(["soon"]);
    answer.resolve(Response.json({ id: "soon", status: "processing", progress: 80 }));
    await second;
    await vi.advanceTimersByTimeAsync(0);
    close();
  });

  it("sets the next poll in the future after a reading: now plus the interval, never now minus it", async () => {
    const { poller, answer, id, row, close } = pollerWithHeldAnswer();
    vi.setSystemTime(DUE_AT);
    answer.resolve(Response.json({ id: "soon", status: "processing", progress: 80 }));
    await poller.poll(id);
    const { next_poll_at, poll_interval_ms } = row();
    expect(poll_interval_ms).toBeGreaterThan(0);
    expect(next_poll_at).toBe(Date.now() + poll_interval_ms!);
    close();
  });

  it("sets the next poll in the future after a passing failure (no answer): the task is polled again later", async () => {
    const { poller, answer, id, row, close } = pollerWithHeldAnswer();
    vi.setSystemTime(DUE_AT);
    answer.reject(new TypeError("fetch failed"));
    await poller.poll(id);
    const { status, next_poll_at, poll_interval_ms } = row();
    expect(status).toBe("processing");
    expect(poll_interval_ms).toBeGreaterThan(0);
    expect(next_poll_at).toBe(Date.now() + poll_interval_ms!);
    close();
  });

  it(`times a task out after the maximum wait (${DEFAULT_MAX_WAIT_MINUTES} minutes by default), without polling it`, async () => {
    expect(DEFAULT_POLL_TIMING.maxWaitMs).toBe(DEFAULT_MAX_WAIT_MINUTES * 60_000);
    expect(DEFAULT_MAX_WAIT_MINUTES).toBe(15);
    const { poller, polled, watchedTasks, answer, id, row, close } = pollerWithHeldAnswer();
    answer.resolve(Response.json({ id: "soon", status: "processing", progress: 80 }));
    watchedTasks.change(id, { wait_started_at: SUBMITTED_AT });

    vi.setSystemTime(SUBMITTED_AT + DEFAULT_POLL_TIMING.maxWaitMs);
    await poller.poll(id);
    expect(polled).toEqual(["soon"]);
    expect(row().status).toBe("processing");

    // One more millisecond of real waiting (the wall clock and the monotonic one both move).
    await vi.advanceTimersByTimeAsync(1);
    await poller.poll(id);
    expect(polled).toEqual(["soon"]);
    expect(row()).toMatchObject({ status: "timed_out", next_poll_at: null });
    close();
  });
});
