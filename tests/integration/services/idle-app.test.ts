import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { startAppServices } from "../../../electron/composition/app-services.ts";
import { DATA_FILES } from "../../../electron/services/store/data-files.ts";
import { webHostEnvironment } from "../../support/app-services.ts";
import { KEYS, startTestGateway, tempDir } from "../../support/local-gateway.ts";

const gateway = await startTestGateway();
afterAll(() => gateway.close());

/** Counts the timer callbacks that run while it is on: what keeps an idle process awake. */
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

    const requests: string[] = [];
    const environment = webHostEnvironment(dataDir);
    const countingFetch: typeof fetch = (input, init) => {
      requests.push(`${init?.method ?? "GET"} ${input instanceof Request ? input.url : String(input)}`);
      return fetch(input, init);
    };
    const services = await startAppServices({ ...environment, fetch: countingFetch }, { profile });
    await sleep(2_000); // start-up: capabilities, the first balance reading, resuming tasks
    const startUpRequests = requests.length;
    const timers = timerCallbackCounter();
    await sleep(5_000);
    timers.stop();
    const idleRequests = requests.slice(startUpRequests);
    const stuck = services.tasks.list(profileId).find((task) => task.id === "stuck-image");
    await services.close();

    expect(idleRequests).toEqual([]);
    expect(timers.count).toBeLessThanOrEqual(5);
    expect(stuck).toMatchObject({ status: "failed" });
  });
});
