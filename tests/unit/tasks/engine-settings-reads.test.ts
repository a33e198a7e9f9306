import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { DATA_FILES } from "../../../electron/services/store/data-files.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { guardedResultFetch } from "../../../electron/services/tasks/result-fetch.ts";
import { TaskEngine } from "../../../electron/services/tasks/task-engine.ts";
import { TaskTable } from "../../../electron/services/tasks/task-table.ts";
import { DEFAULT_VIDEO_LIMITS } from "../../../electron/services/tasks/video-slots.ts";
import { seedTasks } from "../../support/seeded-tasks.ts";
import { tempDir } from "../../support/local-gateway.ts";

const RUNNING = 500;
const engines: TaskEngine[] = [];

afterEach(() => engines.splice(0).forEach((engine) => engine.close()));

/** An engine over RUNNING image tasks the gateway is working on, none due for a poll for 10 s. */
function engineOverRunningTasks(reads: { settings: number; busy: number }): TaskEngine {
  const dataDir = tempDir("engine-reads-");
  const now = Date.now();
  seedTasks(
    dataDir,
    Array.from({ length: RUNNING }, (_, index) => ({
      id: `running-${index}`,
      profile_id: "p",
      status: "processing" as const,
      remote_id: `task_${index}`,
      next_poll_at: now + 10_000,
      poll_interval_ms: 10_000,
      wait_started_at: now,
    })),
  );
  const db = openAppDatabase(join(dataDir, DATA_FILES.database));
  const credentials = { baseUrl: "http://gateway.test", auth: "bearer" as const, key: "sk-test" };
  const engine = new TaskEngine({
    tasks: new TaskTable(db),
    media: new MediaLibrary(db, join(dataDir, "media"), (id) => `/media/${id}`),
    clientFor: () => new GatewayClient(credentials),
    download: guardedResultFetch,
    profileBaseUrl: () => credentials.baseUrl,
    resultOrigins: () => [],
    profileSettings: () => {
      reads.settings++;
      return { videoLimits: DEFAULT_VIDEO_LIMITS, maxWaitMs: 15 * 60_000, rpm: 600 };
    },
    busyOf: () => {
      reads.busy++;
      return false;
    },
    onTaskChanged: () => undefined,
  });
  engines.push(engine);
  return engine;
}

describe("the engine weighing its running tasks", () => {
  it("reads the profile's RPM and its key's minute once, not once for each of 500 running tasks", () => {
    const reads = { settings: 0, busy: 0 };
    engineOverRunningTasks(reads).resume();
    expect(reads.settings).toBe(1);
    expect(reads.busy).toBe(1);
  });
});
