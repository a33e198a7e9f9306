import { start } from "../../electron/local-gateway/index.ts";
import { launchChromium } from "../support/chromium.ts";
import { benchRenderer } from "./bench-app.ts";
import { sized } from "./bench-size.ts";
import { seedConversation } from "./bench-seed.ts";
import { tempDir } from "../support/local-gateway.ts";
import { proveTraceSeesLongTasks, traceLongTasks } from "./long-tasks.ts";
import { report } from "./measure.ts";
import { startWebHost } from "./web-host-process.ts";

const KEY = "sk-bench-ui-0001";
/** The conversation's length (in a smoke run, 20). */
const MESSAGES = 2000;

/** Streams a reply at 200 tokens/s into a 2,000-message conversation and reports the longest main-thread task. */
export async function uiBench(): Promise<void> {
  const gateway = await start({
    port: 0,
    dataDir: tempDir("bench-gw-"),
    config: {
      tenants: [{ id: "t", name: "Bench", topupBalance: 1000, giftBalance: 0 }],
      keys: [{ key: KEY, tenant: "t", id: "k", name: "Bench key" }],
      timeScale: 1,
      tokensPerSecond: 200,
      firstTokenDelayMs: 100,
    },
  });
  const dataDir = tempDir("bench-app-");
  seedConversation(dataDir, sized(MESSAGES, 20), "Long conversation");
  const renderer = await benchRenderer();
  const { host, url: appUrl } = await startWebHost(dataDir, gateway.url, KEY, renderer);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(appUrl);
    await page.getByRole("button", { name: "Long conversation", exact: true }).waitFor();
    await page.getByRole("article", { name: "Assistant" }).last().waitFor();
    await proveTraceSeesLongTasks(browser, page);
    const longTasks = await traceLongTasks(browser, page, async () => {
      await page.getByRole("textbox", { name: "Message" }).fill("Stream a long answer for the benchmark");
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByRole("button", { name: "Stop" }).waitFor();
      await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 60_000 });
    });
    const rendered = await page.getByRole("article").count();
    report("ui_long_task_max_ms", Math.max(0, ...longTasks), "ms");
    report("ui_long_task_count", longTasks.filter((duration) => duration >= 50).length, "tasks");
    report(`ui_rendered_messages_of_${MESSAGES}`, rendered, "messages");
  } finally {
    await browser.close();
    host.kill("SIGTERM");
    await gateway.close();
  }
}
