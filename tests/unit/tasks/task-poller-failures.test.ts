import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPoller, SUBMITTED_AT, TASKS } from "./poller-fixture.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: SUBMITTED_AT });
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the poller after a failure of the app's own", () => {
  it("pauses when the database cannot be read, and polls again once it can: the process neither ends nor stops following its tasks", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { soon: TASKS.soon! }, rpm: 60 });
    const unreadable = vi.spyOn(watchedTasks.tasks, "withStatus").mockImplementation(() => {
      throw new Error("disk I/O error");
    });
    vi.setSystemTime(SUBMITTED_AT + 60_000);
    poller.schedule();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(polled).toEqual([]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("paused"), expect.any(Error));
    unreadable.mockRestore();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(polled).toEqual(["soon"]);
    await vi.advanceTimersByTimeAsync(10);
    close();
  });

  it("goes on after a tick that failed midway", async () => {
    const polled: string[] = [];
    const { poller, watchedTasks, close } = startPoller(polled, { tasks: { soon: TASKS.soon! }, rpm: 60 });
    vi.setSystemTime(SUBMITTED_AT + 60_000);
    const read = watchedTasks.tasks.withStatus.bind(watchedTasks.tasks);
    let calls = 0;
    // The schedule reads the tasks, then the tick's own read fails once.
    vi.spyOn(watchedTasks.tasks, "withStatus").mockImplementation((statuses) => {
      calls++;
      if (calls === 2) throw new Error("database is locked");
      return read(statuses);
    });
    poller.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polled).toEqual(["soon"]);
    await vi.advanceTimersByTimeAsync(10);
    close();
  });
});
