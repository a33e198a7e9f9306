import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_POLL_TIMING } from "../../../electron/services/tasks/poll-policy.ts";
import { startPoller, SUBMITTED_AT } from "./poller-fixture.ts";

const RUNNING = { readings: [5, 20], now: { status: "processing", progress: 28 } };

beforeEach(() => {
  vi.useFakeTimers({ now: SUBMITTED_AT + 60_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the poller when the wall clock jumps", () => {
  it("does not time out a running task when the clock is set 20 minutes past its longest wait", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { running: RUNNING }, rpm: 60 });
    const [row] = watchedTasks.tasks.withStatus(["processing"]);
    watchedTasks.change(row!.id, { wait_started_at: Date.now() });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polled).toEqual(["running"]);
    vi.setSystemTime(Date.now() + DEFAULT_POLL_TIMING.maxWaitMs + 20 * 60_000);
    await vi.advanceTimersByTimeAsync(DEFAULT_POLL_TIMING.maxIntervalMs + 1_000);
    expect(polled.length).toBeGreaterThan(1);
    expect(watchedTasks.tasks.get(row!.id)!.status).toBe("processing");
    close();
  });

  it("keeps polling when the clock is set back an hour", async () => {
    const polled: string[] = [];
    const { poller, close } = startPoller(polled, { tasks: { running: RUNNING }, rpm: 60 });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polled).toEqual(["running"]);
    vi.setSystemTime(Date.now() - 3_600_000);
    await vi.advanceTimersByTimeAsync(DEFAULT_POLL_TIMING.maxIntervalMs * 2 + 1_000);
    expect(polled.length).toBeGreaterThan(1);
    close();
  });
});
