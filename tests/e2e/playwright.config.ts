import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../support/chromium.ts";

const executablePath = chromiumPath();
if (!executablePath)
  throw new Error("End-to-end tests need Chromium: apt-get install chromium (or set CHROMIUM_PATH).");

/**
 * The same specs drive the web host in Debian's Chromium and the Electron app. Without the Electron
 * binary the Electron project's tests are skipped, and the run ends by counting and naming them.
 */
export default defineConfig({
  testDir: ".",
  outputDir: "../artifacts/playwright",
  globalSetup: "./global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  // CI shares a loaded machine: a test gets one retry there, and one that passes only on its retry
  // is named at the end of the run as a defect to mend, never silently counted as passed.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["./support/electron-not-run.ts"], ["./support/failures-last.ts"]],
  use: {
    viewport: { width: 1200, height: 800 },
    locale: "en-US",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: [{ name: "web" }, { name: "electron" }],
});
