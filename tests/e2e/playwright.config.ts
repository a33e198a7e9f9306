import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../support/chromium.ts";
import { electronBinary } from "./support/electron-binary.ts";

const executablePath = chromiumPath();
if (!executablePath)
  throw new Error("End-to-end tests need Chromium: apt-get install chromium (or set CHROMIUM_PATH).");

const hasElectron = electronBinary() !== null;
// Workers load this file too; say it once, from the runner.
if (!hasElectron && process.env.TEST_WORKER_INDEX === undefined) {
  console.log(
    "Electron end-to-end run skipped: the Electron binary is not installed here (its download is unavailable offline).",
  );
}

/** The same specs drive the web host in Debian's Chromium and, where its binary exists, the Electron app. */
export default defineConfig({
  testDir: ".",
  outputDir: "../artifacts/playwright",
  globalSetup: "./global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  reporter: [["list"]],
  use: {
    viewport: { width: 1200, height: 800 },
    locale: "en-US",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: [{ name: "web" }, ...(hasElectron ? [{ name: "electron" }] : [])],
});
