import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { ensureRendererBuild } from "../../scripts/renderer-build.ts";
import { launchChromium } from "../support/chromium.ts";
import { startWebHost } from "./web-host-process.ts";

const PROJECT_ROOT = join(import.meta.dirname, "..", "..");

export interface BenchApp {
  readonly browser: Browser;
  readonly page: Page;
  /** The host's process id, for its memory figures. */
  readonly hostPid: number;
  close(): Promise<void>;
}

let renderer: Promise<string> | undefined;

/**
 * The built renderer for the sources as the run found them: built once (or reused from an earlier
 * build), and the same build for every bench of the run, whatever is edited meanwhile.
 */
export const benchRenderer = (): Promise<string> => (renderer ??= ensureRendererBuild(PROJECT_ROOT));

/** The web host on `dataDir` with the built renderer, and Chromium showing it with the Chat pane drawn. */
export async function openBenchApp(dataDir: string, gatewayUrl: string, key: string): Promise<BenchApp> {
  const { host, url } = await startWebHost(dataDir, gatewayUrl, key, await benchRenderer());
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    host.kill("SIGTERM");
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.getByRole("button", { name: "New chat" }).first().waitFor();
    if (host.pid === undefined) throw new Error("the web host has no process id");
    return { browser, page, hostPid: host.pid, close };
  } catch (error) {
    await close();
    throw error;
  }
}
