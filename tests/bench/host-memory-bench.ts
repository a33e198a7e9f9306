import type { Page } from "playwright-core";
import { setTimeout as sleep } from "node:timers/promises";
import { start } from "../../electron/local-gateway/index.ts";
import { invoke, openBridgeAt, secretHeldBy } from "../support/bridge-client.ts";
import { tempDir } from "../support/local-gateway.ts";
import { openBenchApp } from "./bench-app.ts";
import { seedConversation, seedProfile } from "./bench-seed.ts";
import { sized } from "./bench-size.ts";
import { report } from "./measure.ts";
import { residentMb } from "./process-memory.ts";
import { RELAY_ACCOUNTS, RELAY_KEY } from "./relay-bench.ts";

/** The figure's name keeps this count; a smoke run submits 3. */
const TASKS = 50;
/**
 * Long enough for start-up work (backups, first balance reading) to end, and for polling to be
 * under way; 300 ms in a smoke run.
 */
const SETTLE_MS = 5000;

/**
 * Submits `count` async image tasks over a bridge opened as the page opens its own (the handshake
 * proving the host's secret, which the page holds), and resolves when main has accepted them all.
 */
export async function submitImageTasks(page: Page, count: number): Promise<void> {
  const hostUrl = new URL(page.url()).origin;
  const bridge = await openBridgeAt(hostUrl, await secretHeldBy(page));
  // Every call waits for its answer on the one socket.
  bridge.setMaxListeners(2 * count + 10);
  try {
    const payload = { model: "image-pro", n: 1, size: "64x64", responseFormat: "url", async: true };
    const results = await Promise.all(
      Array.from({ length: count }, (_, id) =>
        invoke(bridge, "images.generate", { ...payload, prompt: `bench image ${id}` }),
      ),
    );
    const refused = results.find((result) => !result.ok);
    if (refused) throw new Error(`a task was refused: ${JSON.stringify(refused)}`);
  } finally {
    bridge.close();
  }
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
  const settleMs = sized(SETTLE_MS, 300);
  try {
    await sleep(settleMs);
    report("main_rss_mb_idle_baseline", residentMb(app.hostPid), "MB");
    await submitImageTasks(app.page, sized(TASKS, 3));
    await sleep(settleMs);
    report(`main_rss_mb_${TASKS}_tasks`, residentMb(app.hostPid), "MB");
  } finally {
    await app.close();
    await gateway.close();
  }
}
