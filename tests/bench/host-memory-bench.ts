import type { Page } from "playwright-core";
import { setTimeout as sleep } from "node:timers/promises";
import { start } from "../../electron/local-gateway/index.ts";
import { tempDir } from "../support/local-gateway.ts";
import { openBenchApp } from "./bench-app.ts";
import { seedConversation, seedProfile } from "./bench-seed.ts";
import { report } from "./measure.ts";
import { residentMb } from "./process-memory.ts";
import { RELAY_ACCOUNTS, RELAY_KEY } from "./relay-bench.ts";

const TASKS = 50;
/** Long enough for start-up work (backups, first balance reading) to end, and for polling to be under way. */
const SETTLE_MS = 5000;

/**
 * Submits `count` async image tasks over the page's own bridge, as the Images pane does, and
 * resolves when main has accepted them all.
 */
function submitImageTasks(page: Page, count: number): Promise<number> {
  return page.evaluate(
    (count) =>
      new Promise<number>((resolve, reject) => {
        const bridge = new WebSocket(`ws://${location.host}/bridge`);
        let accepted = 0;
        bridge.onerror = () => reject(new Error("the bridge refused the connection"));
        bridge.onopen = () => {
          for (let id = 0; id < count; id++) {
            const payload = { model: "image-pro", prompt: `bench image ${id}`, n: 1, size: "64x64" };
            bridge.send(
              JSON.stringify({
                t: "invoke",
                id,
                channel: "images.generate",
                payload: { ...payload, responseFormat: "url", async: true },
              }),
            );
          }
        };
        bridge.onmessage = (message) => {
          const frame: unknown = JSON.parse(String(message.data));
          if (typeof frame !== "object" || frame === null || !("t" in frame) || frame.t !== "result") return;
          if (!("result" in frame) || typeof frame.result !== "object" || frame.result === null) return;
          if (!("ok" in frame.result) || frame.result.ok !== true) {
            return reject(new Error(`a task was refused: ${JSON.stringify(frame.result)}`));
          }
          if (++accepted === count) resolve(accepted);
        };
      }),
    count,
  );
}

/** The web host's resident memory with a page connected and nothing running, then with 50 tasks in flight. */
export async function hostMemoryBench(): Promise<void> {
  const gateway = await start({
    port: 0,
    dataDir: tempDir("bench-gw-"),
    // Tasks that stay running for the whole measurement.
    config: { ...RELAY_ACCOUNTS, asyncImageSeconds: [120, 180] },
  });
  const dataDir = tempDir("bench-app-");
  await seedProfile(dataDir, gateway.url, RELAY_KEY);
  seedConversation(dataDir, 4, "Yesterday's question");
  const app = await openBenchApp(dataDir, gateway.url, RELAY_KEY);
  try {
    await sleep(SETTLE_MS);
    report("main_rss_mb_idle_baseline", residentMb(app.hostPid), "MB");
    await submitImageTasks(app.page, TASKS);
    await sleep(SETTLE_MS);
    report(`main_rss_mb_${TASKS}_tasks`, residentMb(app.hostPid), "MB");
  } finally {
    await app.close();
    await gateway.close();
  }
}
