import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { startWebHost, type RunningWebHost, type WebHostOptions } from "../../electron/web-host/web-host.ts";
import { tempDir } from "../support/local-gateway.ts";

const rendererDir = tempDir("renderer-");
mkdirSync(rendererDir, { recursive: true });
writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>ModelDesk app</title>");

const hosts: RunningWebHost[] = [];
afterAll(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

/** A web host started on `dataDir` as a user starts it, closed after the file's tests. */
export async function hostOn(dataDir: string, options: Partial<WebHostOptions> = {}): Promise<RunningWebHost> {
  const host = await startWebHost({ ...options, dataDir, rendererDir, version: "0.0.0-test" });
  hosts.push(host);
  return host;
}

export async function closeHost(host: RunningWebHost): Promise<void> {
  hosts.splice(hosts.indexOf(host), 1);
  await host.close();
}

/** What the host serves at the address it printed: the app, or the recovery page. */
export const pageOf = async (host: RunningWebHost) => (await fetch(host.appUrl)).text();

/** Presses a button of the recovery page. */
export const choose = (host: RunningWebHost, action: string) =>
  fetch(`${host.url}/recovery${new URL(host.appUrl).search}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: host.url },
    body: `action=${action}`,
  });

/** The damaged files kept beside the originals in `dir`. */
export const setAside = (dir: string) => readdirSync(dir).filter((name) => /\.damaged-\w+$/.test(name));

/** The app is served and works on the data it had. */
export async function expectWorkingApp(host: RunningWebHost, conversations: string[]): Promise<void> {
  expect(await pageOf(host)).toContain("ModelDesk app");
  expect(host.services.conversations.list().map((item) => item.title)).toEqual(conversations);
}
