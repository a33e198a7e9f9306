import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebHost, type RunningWebHost } from "../../electron/web-host/web-host.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";

let gateway: TestGateway;
let host: RunningWebHost;
let dataDir: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  dataDir = tempDir("web-");
  // The second start backs up the settings the first one wrote.
  for (let start = 0; start < 2; start++) await (await startServices(gateway.url, KEYS.main.key, dataDir)).close();
  writeFileSync(join(dataDir, "settings.json"), "{not json");
  const rendererDir = tempDir("renderer-");
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>ModelDesk</title>");
  host = await startWebHost({ dataDir, rendererDir, version: "0.0.0-test" });
});
afterAll(async () => {
  await host.close();
  await gateway.close();
});

const choose = (action: string, origin: string | null) =>
  fetch(`${host.url}/recovery${new URL(host.appUrl).search}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(origin ? { origin } : {}),
    },
    body: `action=${action}`,
  });

describe("the web host's recovery page", () => {
  it("names the damaged file and holds the app back until the user chooses", async () => {
    expect(host.problems).toHaveLength(1);
    const page = await fetch(host.appUrl);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(join(dataDir, "settings.json"));
    expect(html).toContain("Restore the latest backup");
    expect(() => host.services).toThrow(/recovered/);
  });

  it("refuses a choice without the token or from another origin", async () => {
    const anonymous = await fetch(`${host.url}/recovery`, {
      method: "POST",
      body: "action=fresh",
      headers: { origin: host.url },
    });
    expect(anonymous.status).toBe(403);
    expect((await fetch(host.url)).status).toBe(403);
    expect((await choose("fresh", "http://127.0.0.1:1")).status).toBe(403);
    expect((await choose("fresh", null)).status).toBe(403);
    expect((await choose("nonsense", host.url)).status).toBe(400);
    expect(host.problems).toHaveLength(1);
  });

  it("restores the latest backup, then serves the app and takes no more recovery posts", async () => {
    const answer = await choose("restore", host.url);
    expect(answer.status).toBe(303);
    // The app page takes the secret from the address it is sent to: the recovery page set no cookie.
    expect(answer.headers.get("location")).toBe(`/${new URL(host.appUrl).search}`);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(host.services.vault.state().profiles.map((profile) => profile.baseUrl)).toContain(gateway.url);
    expect((await fetch(host.appUrl)).headers.get("content-security-policy")).toContain("script-src 'self'");
    expect((await choose("fresh", host.url)).status).toBe(405);
  });
});
