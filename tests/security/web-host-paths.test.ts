import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveStaticFile } from "../../electron/common/static-files.ts";
import { rawRequest, startHostFixture, type HostFixture } from "./web-host-fixture.ts";

const SECRET = "not-for-the-browser-4f1c";

let fixture: HostFixture;
let secretDir: string;
beforeAll(async () => {
  fixture = await startHostFixture();
  secretDir = fixture.tempDir("outside-");
  writeFileSync(join(secretDir, "secret.txt"), SECRET);
  symlinkSync(join(secretDir, "secret.txt"), join(fixture.rendererDir, "assets", "linked.txt"));
  symlinkSync(secretDir, join(fixture.rendererDir, "assets", "linked-dir"));
  writeFileSync(join(fixture.rendererDir, ".env"), SECRET);
  mkdirSync(join(fixture.rendererDir, ".git"));
  writeFileSync(join(fixture.rendererDir, ".git", "config"), SECRET);
});
afterAll(() => fixture.close());

/** Paths to the secret file beside the renderer folder, to /etc/passwd, and through links inside it. */
function escapingTargets(): string[] {
  const outside = basename(secretDir);
  return [
    `/..%2f${outside}%2fsecret.txt`,
    `/%2e%2e/${outside}/secret.txt`,
    `/assets/..%2f..%2f${outside}%2fsecret.txt`,
    `/assets/..%5c..%5c${outside}%5csecret.txt`,
    `/..\\${outside}\\secret.txt`,
    `/${encodeURIComponent(join(secretDir, "secret.txt"))}`,
    `/${join(secretDir, "secret.txt")}`,
    `/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd`,
    `/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
    `/assets/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd`,
    "/etc/passwd",
    "/assets/linked.txt",
    "/assets/linked-dir/secret.txt",
    "/.env",
    "/.git/config",
    "/%2egit/config",
    "/assets/app.js%00.html",
  ];
}

describe("paths outside the renderer folder", () => {
  it("refuses every escape with a 4xx, never the file's contents", async () => {
    const answered: string[] = [];
    for (const target of escapingTargets()) {
      const { status, text } = await rawRequest(fixture, target);
      if (status < 400 || status >= 500 || text.includes(SECRET) || text.includes("root:")) answered.push(target);
    }
    expect(answered).toEqual([]);
  });

  it("still serves the files inside it", async () => {
    const answer = await rawRequest(fixture, "/assets/app.js");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("console.log('app')");
  });

  it("resolves names the same way for the Electron app:// protocol", async () => {
    expect(await resolveStaticFile(fixture.rendererDir, "/assets/app.js")).toMatch(/assets[/\\]app\.js$/);
    const resolved: string[] = [];
    for (const target of [...escapingTargets(), `../${basename(secretDir)}/secret.txt`]) {
      if ((await resolveStaticFile(fixture.rendererDir, target)) !== null) resolved.push(target);
    }
    expect(resolved).toEqual([]);
  });
});
