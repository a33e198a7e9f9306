import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { startAppServices } from "../../../electron/composition/start-app-services.ts";
import { DATA_FILES } from "../../../electron/services/store/data-files.ts";
import { webHostEnvironment } from "../../support/services-fixture.ts";
import { countingFetch } from "../../support/counting-fetch.ts";
import { KEYS, startTestGateway, tempDir } from "../../support/local-gateway.ts";

const gateway = await startTestGateway();
afterAll(() => gateway.close());
afterEach(() => vi.useRealTimers());

/** How long the app is watched once started: time on the fake clock, so a minute takes no minute. */
const IDLE_MS = 60_000;

/** Counts the timer callbacks that run, from when it is made: what keeps an idle process awake. */
function timerCallbackCounter() {
  const original = { setTimeout: globalThis.setTimeout, setInterval: globalThis.setInterval };
  let count = 0;
  const counted =
    <F extends (...args: never[]) => unknown>(schedule: F) =>
    (callback: (...args: unknown[]) => void, ...rest: unknown[]) =>
      (schedule as unknown as (...args: unknown[]) => unknown)(
        (...args: unknown[]) => {
          count++;
          callback(...args);
        },
        ...rest,
      );
  globalThis.setTimeout = counted(original.setTimeout) as unknown as typeof setTimeout;
  globalThis.setInterval = counted(original.setInterval) as unknown as typeof setInterval;
  return {
    get count() {
      return count;
    },
    stop() {
      Object.assign(globalThis, original);
    },
  };
}

/** A task row as an older run left it: charged, processing, but with nothing to poll (a sync image call). */
function seedStuckImage(dataDir: string, profileId: string) {
  const db = new DatabaseSync(join(dataDir, DATA_FILES.database));
  const now = Date.now();
  db.prepare(
    `INSERT INTO tasks (id, profile_id, kind, model, prompt, params, status, progress, created_at, submitted_at, updated_at)
     VALUES ('stuck-image', ?, 'image', 'image-fast', 'A lighthouse', '{}', 'processing', 99, ?, ?, ?)`,
  ).run(profileId, now - 60_000, now - 60_000, now - 60_000);
  db.close();
}

describe("an idle app", () => {
  it("sends no requests and wakes at most once a second, even with a task an older run left stuck", async () => {
    const dataDir = tempDir("app-");
    const profile = { baseUrl: gateway.url, key: KEYS.main.key, rpm: 1000 };
    const first = await startAppServices(webHostEnvironment(dataDir), { profile });
    const profileId = first.vault.activeId()!;
    await first.close();
    seedStuckImage(dataDir, profileId);

    // Time is the subject: every timer the app makes runs on the fake clock, counted.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const timers = timerCallbackCounter();
    const requests = countingFetch();
    const services = await startAppServices({ ...webHostEnvironment(dataDir), fetch: requests.fetch }, { profile });
    try {
      // Start-up: capabilities, resuming tasks, and whatever their timers start within a few seconds.
      await expect
        .poll(() => services.tasks.list(profileId).find((task) => task.id === "stuck-image")?.status)
        .toBe("failed");
      for (let second = 0; second < 5; second++) {
        await vi.advanceTimersByTimeAsync(1_000);
        await expect.poll(() => requests.inFlight, { message: "start-up requests answered" }).toBe(0);
      }
      const startUpRequests = requests.sent.length;
      const startUpWakes = timers.count;
      for (let second = 0; second < IDLE_MS / 1_000; second++) await vi.advanceTimersByTimeAsync(1_000);
      const idleRequests = requests.sent.slice(startUpRequests);
      const idleWakes = timers.count - startUpWakes;

      expect(idleRequests).toEqual([]);
      expect(idleWakes).toBeLessThanOrEqual(IDLE_MS / 1_000);
    } finally {
      timers.stop();
      vi.useRealTimers();
      await services.close();
    }
  });
});
