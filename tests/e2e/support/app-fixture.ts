import {
  test as base,
  _electron as electron,
  type BrowserContext,
  type ElectronApplication,
  type Page,
} from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rendererBuildDir } from "../../../scripts/renderer-build.ts";
import { electronBinary, PROJECT_ROOT } from "./electron-binary.ts";
import { NO_ELECTRON_BINARY } from "./electron-not-run.ts";
import { WEB_HOST_NODE_FLAGS } from "../../../scripts/web-host-node-flags.ts";

/** Set by the global setup to the renderer build every worker serves. */
export const RENDERER_DIR_VARIABLE = "MODELDESK_E2E_RENDERER_DIR";

export interface LaunchOptions {
  /** Use this gateway as the active profile (--profile-url/--profile-key) instead of the embedded one. */
  readonly profile?: { readonly url: string; readonly key: string };
  /** Reuse a data directory, e.g. to restart the app. */
  readonly dataDir?: string;
  /** Config for the embedded gateway (web host only), e.g. a faster timeScale. */
  readonly gatewayConfig?: object;
  /** Open the page in this browser context (web host only): a restarted app in the same browser profile. */
  readonly context?: BrowserContext;
  /** Runs on the page before it opens the app (web host only), e.g. to route its bridge socket. */
  readonly beforeOpen?: (page: Page) => Promise<void>;
}

export interface RunningApp {
  readonly page: Page;
  /** The Electron application, to reach main, its menu and its other windows (Electron project only). */
  readonly electron: ElectronApplication | null;
  readonly dataDir: string;
  /** Every WebSocket frame the page sent or received (web host only). */
  readonly frames: { readonly sent: string[]; readonly received: string[] };
  /** What the app printed on stdout and stderr (web host only). */
  readonly output: () => string;
  /** Ends the app's process with SIGKILL, as a crash would; the page stays open. */
  crash(): Promise<void>;
  close(): Promise<void>;
}

/** The key goes through the environment, the way the README recommends: argv is readable by every local user. */
function profileLaunch(profile: LaunchOptions["profile"]): { args: string[]; env: NodeJS.ProcessEnv } {
  if (!profile) return { args: [], env: process.env };
  return { args: ["--profile-url", profile.url], env: { ...process.env, MODELDESK_PROFILE_KEY: profile.key } };
}

function collectOutput(child: ChildProcess): () => string {
  let output = "";
  child.stdout!.on("data", (data: Buffer) => (output += data.toString()));
  child.stderr!.on("data", (data: Buffer) => (output += data.toString()));
  return () => output;
}

function waitForLine(child: ChildProcess, output: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start:\n${output()}`)), 45_000);
    const onData = () => {
      const match = pattern.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`web host exited with ${code}:\n${output()}`)));
  });
}

async function launchWebHost(
  browserPage: () => Promise<Page>,
  options: LaunchOptions,
  dataDir: string,
): Promise<RunningApp> {
  const profile = profileLaunch(options.profile);
  const renderer = process.env[RENDERER_DIR_VARIABLE] ?? rendererBuildDir(PROJECT_ROOT);
  // No --port: the host takes its data folder's own port, as it does for a user.
  const args = [
    ...WEB_HOST_NODE_FLAGS,
    "electron/web-host/cli.ts",
    "--data",
    dataDir,
    "--renderer",
    renderer,
    ...profile.args,
  ];
  if (options.gatewayConfig) {
    const configFile = join(dataDir, "gateway-config.json");
    writeFileSync(configFile, JSON.stringify(options.gatewayConfig));
    args.push("--gateway-config", configFile);
  }
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: profile.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const [, appUrl] = await waitForLine(child, output, /^app at (http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)$/m);
  const page = await browserPage();
  const frames = { sent: [] as string[], received: [] as string[] };
  page.on("websocket", (socket) => {
    socket.on("framesent", (frame) => frames.sent.push(String(frame.payload)));
    socket.on("framereceived", (frame) => frames.received.push(String(frame.payload)));
  });
  await options.beforeOpen?.(page);
  await page.goto(appUrl!);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    page,
    electron: null,
    dataDir,
    frames,
    output,
    async crash() {
      child.kill("SIGKILL");
      await exited;
    },
    async close() {
      await page.close();
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function launchElectron(options: LaunchOptions, dataDir: string): Promise<RunningApp> {
  const profile = profileLaunch(options.profile);
  const args = [
    join(PROJECT_ROOT, "dist", "electron", "main", "main.js"),
    `--user-data-dir=${dataDir}`,
    ...profile.args,
  ];
  const app = await electron.launch({
    executablePath: electronBinary()!,
    args,
    env: Object.fromEntries(
      Object.entries(profile.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  });
  const page = await app.firstWindow();
  let closing: Promise<void> | null = null;
  return {
    page,
    electron: app,
    dataDir,
    frames: { sent: [], received: [] },
    output: () => "",
    async crash() {
      app.process().kill("SIGKILL");
      await new Promise((resolve) => app.process().once("exit", resolve));
    },
    close: () => (closing ??= app.close()),
  };
}

/** `launchApp()` starts the app the way the project under test runs it: web host + Chromium, or Electron. */
export const test = base.extend<{
  launchApp: (options?: LaunchOptions) => Promise<RunningApp>;
  electronPresent: void;
}>({
  // Every test of the Electron project is skipped, and named at the end of the run, without its binary.
  electronPresent: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      testInfo.skip(testInfo.project.name === "electron" && electronBinary() === null, NO_ELECTRON_BINARY);
      await use();
    },
    { auto: true },
  ],
  launchApp: async ({ browser }, use, testInfo) => {
    const running: RunningApp[] = [];
    // Each launch gets a browser profile of its own unless it asks for an earlier one's.
    const contexts: BrowserContext[] = [];
    const pageIn = async (context: BrowserContext | undefined) => {
      if (context) return context.newPage();
      const fresh = await browser.newContext();
      contexts.push(fresh);
      return fresh.newPage();
    };
    await use(async (options = {}) => {
      const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "modeldesk-e2e-"));
      const app =
        testInfo.project.name === "electron"
          ? await launchElectron(options, dataDir)
          : await launchWebHost(() => pageIn(options.context), options, dataDir);
      running.push(app);
      return app;
    });
    await Promise.all(running.map((app) => app.close()));
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect } from "@playwright/test";
