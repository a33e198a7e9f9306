import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../../electron/services/store/data-folder-lock.ts";
import { startWebHost, type RunningWebHost } from "../../electron/web-host/web-host.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";

const CLI = resolve(import.meta.dirname, "..", "..", "electron", "web-host", "cli.ts");
const rendererDir = tempDir("renderer-");
mkdirSync(rendererDir, { recursive: true });
writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>ModelDesk</title>");

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

/** Starts the web host's command line on `dataDir`; resolves with how it ended and what it said. */
async function secondHost(dataDir: string) {
  const child = spawn(
    process.execPath,
    [CLI, "--data", dataDir, "--port", "0", "--renderer", rendererDir, "--profile-url", gateway.url],
    { env: { ...process.env, MODELDESK_PROFILE_KEY: KEYS.main.key }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let said = "";
  child.stdout!.on("data", (chunk: Buffer) => (said += String(chunk)));
  child.stderr!.on("data", (chunk: Buffer) => (said += String(chunk)));
  const ended = once(child, "exit") as Promise<[number | null]>;
  return { child, said: () => said, ended };
}

describe("two web hosts on one data folder", () => {
  let host: RunningWebHost;
  const dataDir = tempDir("web-");
  beforeAll(async () => {
    host = await startWebHost({
      dataDir,
      rendererDir,
      version: "0.0.0-test",
      profile: { baseUrl: gateway.url, key: KEYS.main.key },
    });
  });
  afterAll(() => host.close());

  it("the second does not start, and says which process holds the folder", async () => {
    const second = await secondHost(dataDir);
    const [code] = await second.ended;
    expect(code).toBe(1);
    expect(second.said()).toContain(`in use by process ${process.pid}`);
    expect((await fetch(host.appUrl)).status).toBe(200);
  });

  it("a lock left by a process that no longer runs is taken over", async () => {
    const otherDir = tempDir("web-");
    mkdirSync(otherDir, { recursive: true });
    // A pid above the kernel's largest: no process runs under it.
    writeFileSync(join(otherDir, LOCK_FILE), JSON.stringify({ pid: 4_194_305 }));
    const second = await secondHost(otherDir);
    try {
      await new Promise<void>((resolveStarted, reject) => {
        second.child.stdout!.on("data", () => second.said().includes("app at") && resolveStarted());
        void second.ended.then(() => reject(new Error(`the host ended: ${second.said()}`)));
      });
    } finally {
      second.child.kill("SIGTERM");
      await second.ended;
    }
  });
});
