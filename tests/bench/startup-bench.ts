import { spawn } from "node:child_process";
import { once } from "node:events";
import type { Browser } from "playwright-core";
import { start } from "../../electron/local-gateway/index.ts";
import { launchChromium } from "../support/chromium.ts";
import { tempDir } from "../support/local-gateway.ts";
import { benchRenderer } from "./bench-app.ts";
import { seedConversation, seedProfile } from "./bench-seed.ts";
import { sized } from "./bench-size.ts";
import { median, report } from "./measure.ts";
import { RELAY_ACCOUNTS, RELAY_KEY } from "./relay-bench.ts";
import { startWebHost } from "./web-host-process.ts";

/** Start-ups, each figure their median (in a smoke run, 1). */
const ROUNDS = 5;
const BLANK_PAGE = "data:text/html,<!doctype html><title>blank</title><textarea aria-label=Message></textarea>";
/** The last message of the seeded conversation (four messages). */
const LAST_QUESTION = "Question 1: how does part 1 work?";

/** The floor of any host: Node starting and printing a line, spawned the same way. */
async function bareNodeMs(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["-e", "console.log('app at http://127.0.0.1:1/')"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await once(child.stdout, "data");
  const elapsed = performance.now() - started;
  await once(child, "exit");
  return elapsed;
}

/**
 * From navigation to the Message textbox enabled and, given `text`, to that text shown, in the
 * page's own clock (0 is the navigation's start); both polled every frame.
 */
async function usableAfterMs(browser: Browser, url: string, text?: string): Promise<{ usable: number; shown: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url, { waitUntil: "commit" });
    const usable = await page.waitForFunction(() => {
      const box = document.querySelector('textarea[aria-label="Message"]');
      return box instanceof HTMLTextAreaElement && !box.disabled ? performance.now() : null;
    });
    const shown = text
      ? await page.waitForFunction(
          (wanted) => (document.body.innerText.includes(wanted) ? performance.now() : null),
          text,
        )
      : usable;
    return { usable: Number(await usable.jsonValue()), shown: Number(await shown.jsonValue()) };
  } finally {
    await page.close();
  }
}

/**
 * One start of the web host on `dataDir`: process start to the host printing its address, then
 * the page's navigation to the Message box enabled and, given `text`, to that text shown.
 */
export async function startOnce(
  browser: Browser,
  host: { dataDir: string; gatewayUrl: string; key: string; renderer: string },
  text?: string,
): Promise<{ hostReady: number; usable: number; shown: number }> {
  const started = performance.now();
  const { host: child, url } = await startWebHost(host.dataDir, host.gatewayUrl, host.key, host.renderer);
  const hostReady = performance.now() - started;
  try {
    return { hostReady, ...(await usableAfterMs(browser, url, text)) };
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
}

/**
 * Start-up of a returning user's web host (a profile and one conversation): process start to the
 * host printing its address, then navigation to the Chat pane's Message box enabled, with the built
 * renderer, and to the conversation's last message on screen. Baselines: a bare Node process
 * printing a line, and a one-textarea page.
 */
export async function startupBench(): Promise<void> {
  const gateway = await start({ port: 0, dataDir: tempDir("bench-gw-"), config: RELAY_ACCOUNTS });
  const dataDir = tempDir("bench-app-");
  await seedProfile(dataDir, gateway.url, RELAY_KEY);
  seedConversation(dataDir, 4, "Yesterday's question");
  const renderer = await benchRenderer();
  const browser = await launchChromium();
  const hostReady: number[] = [];
  const bareNode: number[] = [];
  const firstPaint: number[] = [];
  const conversationShown: number[] = [];
  const blankPaint: number[] = [];
  try {
    for (let round = 0; round < sized(ROUNDS, 1); round++) {
      bareNode.push(await bareNodeMs());
      blankPaint.push((await usableAfterMs(browser, BLANK_PAGE)).usable);
      const host = { dataDir, gatewayUrl: gateway.url, key: RELAY_KEY, renderer };
      const { hostReady: ready, usable, shown } = await startOnce(browser, host, LAST_QUESTION);
      hostReady.push(ready);
      firstPaint.push(usable);
      conversationShown.push(shown);
    }
  } finally {
    await browser.close();
    await gateway.close();
  }
  report("startup_bare_node_ms", median(bareNode), "ms");
  report("startup_host_ready_ms", median(hostReady), "ms");
  report("startup_blank_page_usable_ms", median(blankPaint), "ms");
  report("startup_first_paint_ms", median(firstPaint), "ms");
  report("startup_total_ms", median(hostReady) + median(firstPaint), "ms");
  report("startup_conversation_shown_ms", median(conversationShown), "ms");
}
