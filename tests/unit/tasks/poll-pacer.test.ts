import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PollPacer } from "../../../electron/services/tasks/poll-pacer.ts";
import { POLL_GAP_MS, startPoller, SUBMITTED_AT, TASKS } from "./poller-fixture.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: SUBMITTED_AT });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the poll pacer", () => {
  it("spends each poll the key can afford on the task likeliest to have completed", async () => {
    const polled: string[] = [];
    const { poller, close } = startPoller(polled);
    vi.setSystemTime(SUBMITTED_AT + 60_000);
    poller.schedule();
    // All three are due; the pacer allows one poll now, and it goes to the task expected at 55 s.
    await vi.advanceTimersByTimeAsync(10);
    expect(polled).toEqual(["soon"]);
    // Nothing more until the pacer allows the next poll: then the task expected at 96 s, not at 200 s.
    await vi.advanceTimersByTimeAsync(POLL_GAP_MS - 1000);
    expect(polled).toEqual(["soon"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(polled).toEqual(["soon", "middle"]);
    close();
  });

  it("keeps a key's minute for polls likely to find a completion once half of it is spent", () => {
    let busy = false;
    // RPM 60: polls at 48 a minute, five seconds' worth (4) saved up.
    const pacer = new PollPacer(
      () => 60,
      () => busy,
    );
    const now = SUBMITTED_AT;
    expect(pacer.openAt("p", false, now)).toBe(now);
    busy = true;
    expect(pacer.openAt("p", true, now)).toBe(now);
    // A routine look waits, and is asked again a second later.
    expect(pacer.openAt("p", false, now)).toBe(now + 1000);
    busy = false;
    expect(pacer.openAt("p", false, now)).toBe(now);
  });

  it("saves up five seconds of polls, not more: a burst would hold the key's minute for a whole minute", () => {
    const pacer = new PollPacer(() => 60);
    const now = SUBMITTED_AT + 600_000;
    for (let poll = 0; poll < 4; poll++) {
      expect(pacer.openAt("p", true, now)).toBe(now);
      pacer.take("p", now);
      pacer.release("p");
    }
    // The fifth waits for the bucket: 48 a minute is one every 1.25 s.
    expect(pacer.openAt("p", true, now)).toBe(now + 1250);
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
    const { poller, close } = startPoller(polled, { tasks: { late: TASKS.late! }, rpm: 60, busy: true });
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
