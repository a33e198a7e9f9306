import { resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startWebHost, type RunningWebHost } from "../../electron/web-host/web-host.ts";
import { ensureRendererBuild } from "../../scripts/renderer-build.ts";
import { launchChromium } from "../support/chromium.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";

/** The web host on the real renderer build and a test gateway, with the app open in Chromium. */
export interface BrowserHost {
  readonly gateway: TestGateway;
  readonly host: RunningWebHost;
  readonly dataDir: string;
  readonly secret: string;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every frame the page sent on any WebSocket, in order. */
  readonly sentFrames: string[];
  close(): Promise<void>;
}

let browser: Browser | null = null;

/** Waits until the page shows what it read from its host over the bridge (the status bar's rate limit). */
export async function connectedToItsHost(page: Page): Promise<void> {
  await page.getByText(/requests left this minute/).waitFor();
}

/** Starts the host on its data folder's own port (no --port, as a user runs it) and opens its printed address. */
export async function openBrowserHost(): Promise<BrowserHost> {
  const rendererDir = await ensureRendererBuild(resolve(import.meta.dirname, "..", ".."));
  const gateway = await startTestGateway();
  const dataDir = tempDir("web-");
  const host = await startWebHost({
    dataDir,
    rendererDir,
    version: "0.0.0-test",
    profile: { baseUrl: gateway.url, key: KEYS.main.key },
  });
  browser ??= await launchChromium();
  const context = await browser.newContext();
  const page = await context.newPage();
  const sentFrames: string[] = [];
  page.on("websocket", (socket) => socket.on("framesent", (frame) => sentFrames.push(String(frame.payload))));
  await page.goto(host.appUrl);
  await connectedToItsHost(page);
  let closed = false;
  return {
    gateway,
    host,
    dataDir,
    secret: new URL(host.appUrl).searchParams.get("token")!,
    context,
    page,
    sentFrames,
    async close() {
      if (closed) return;
      closed = true;
      await context.close();
      await host.close().catch(() => undefined);
      await gateway.close();
    },
  };
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}
