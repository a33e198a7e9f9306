import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { contentSecurityPolicy } from "../../../electron/common/content-security-policy.ts";
import { startMain, type StartedMain } from "./start-main.ts";

/**
 * Main serves `<main's folder>/../renderer`, which exists only in a build; run from source that
 * is electron/renderer, so the test puts a small renderer there for its duration.
 */
const RENDERER_DIR = new URL("../../../electron/renderer/", import.meta.url).pathname;
const createdRenderer = !existsSync(RENDERER_DIR);

let main: StartedMain;
beforeAll(async () => {
  if (createdRenderer) {
    mkdirSync(join(RENDERER_DIR, "assets"), { recursive: true });
    writeFileSync(join(RENDERER_DIR, "index.html"), "<!doctype html><title>ModelDesk</title>");
    writeFileSync(join(RENDERER_DIR, "assets", "app.js"), "console.log('app');");
    // Named like the bad escape below: a path that cannot be decoded is refused, not taken literally.
    writeFileSync(join(RENDERER_DIR, "%E0%A4%A"), "not for the window");
    const outside = mkdtempSync(join(tmpdir(), "outside-renderer-"));
    writeFileSync(join(outside, "secret.txt"), "not for the window");
    symlinkSync(join(outside, "secret.txt"), join(RENDERER_DIR, "linked-secret.txt"));
  }
  main = await startMain();
});
afterAll(async () => {
  await main.quit();
  if (createdRenderer) rmSync(RENDERER_DIR, { recursive: true, force: true });
});

describe("app://", () => {
  test.each([
    "app://modeldesk/",
    "app://modeldesk/index.html",
    "app://modeldesk/quick",
    "app://modeldesk/assets/app.js",
  ])("%s is served with the CSP and nosniff", async (url) => {
    const response = await main.request("app", url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy([], ["media:"]));
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self';");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("the quick chat address is the same page, which picks its view from the path", async () => {
    const [page, quick] = await Promise.all(
      ["app://modeldesk/index.html", "app://modeldesk/quick"].map((url) => main.request("app", url)),
    );
    expect(await quick?.text()).toBe(await page?.text());
  });

  test.each([
    ["traversal", "app://modeldesk/..%2f..%2fpackage.json"],
    ["encoded traversal", "app://modeldesk/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json"],
    ["backslash traversal", "app://modeldesk/..%5c..%5cpackage.json"],
    ["a bad escape", "app://modeldesk/%E0%A4%A"],
    ["a symlink out of the folder", "app://modeldesk/linked-secret.txt"],
    ["a folder", "app://modeldesk/assets"],
    ["a missing file", "app://modeldesk/missing.js"],
    ["another host", "app://elsewhere/index.html"],
  ])("%s is refused, with the CSP and nosniff too", async (_name, url) => {
    const response = await main.request("app", url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("not for the window");
    expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy([], ["media:"]));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

/** A picture made through the window's channel, its media id. */
async function generatedImage(prompt: string): Promise<string> {
  const answer = await main.invoke("images.generate", {
    model: "image-fast",
    prompt,
    n: 1,
    size: "64x64",
    responseFormat: "b64_json",
    async: false,
  });
  const Answer = z.object({ ok: z.literal(true), data: z.object({ mediaIds: z.tuple([z.string()]) }) });
  return Answer.parse(answer).data.mediaIds[0];
}

describe("media://", () => {
  test("a stored image is served to the window's origin, which reads it with fetch for the gallery's previews", async () => {
    const mediaId = await generatedImage("a blue circle");
    const response = await main.request("media", `media://local/${mediaId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("access-control-allow-origin")).toBe("app://modeldesk");
    expect(main.recording.privilegedSchemes.find((scheme) => scheme.scheme === "media")?.privileges?.corsEnabled).toBe(
      true,
    );
  });

  test("a picture's kept card preview is served beside it once the window has made it", async () => {
    const mediaId = await generatedImage("a green square");
    expect((await main.request("media", `media://local/${mediaId}/thumbnail`)).status).toBe(404);
    const kept = await main.invoke("gallery.saveThumbnail", { id: mediaId, data: "UklGRgAAAABXRUJQVlA4IA==" });
    expect(kept).toEqual({ ok: true, data: { thumbnailSrc: `media://local/${mediaId}/thumbnail` } });
    const response = await main.request("media", `media://local/${mediaId}/thumbnail`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
  });

  test.each([
    ["traversal", "media://local/..%2f..%2fsettings.json"],
    ["a path instead of an id", "media://local/media/settings.json"],
    ["a bad escape", "media://local/%E0%A4%A"],
    ["an unknown id", "media://local/00000000-0000-4000-8000-000000000000"],
  ])("%s is refused", async (_name, url) => {
    expect((await main.request("media", url)).status).toBe(404);
  });
});
