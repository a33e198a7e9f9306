import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import type WebSocket from "ws";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaAddress, mediaCapabilityOf } from "../../../electron/web-host/host-access.ts";
import { stablePortFor } from "../../../electron/web-host/stable-port.ts";
import { startWebHost, type RunningWebHost } from "../../../electron/web-host/web-host.ts";
import { invoke, openBridgeAt } from "../../support/bridge-client.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let host: RunningWebHost;
const rendererDir = tempDir("renderer-");

beforeAll(async () => {
  mkdirSync(join(rendererDir, "assets"));
  writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>ModelDesk</title>");
  writeFileSync(join(rendererDir, "assets", "app.js"), "console.log('app')");
  gateway = await startTestGateway();
  host = await startWebHost({
    dataDir: tempDir("web-"),
    rendererDir,
    version: "0.0.0-test",
    profile: { baseUrl: gateway.url, key: KEYS.main.key },
  });
});
afterAll(async () => {
  await host.close();
  await gateway.close();
});

const secretOf = (running: Pick<RunningWebHost, "appUrl">) => new URL(running.appUrl).searchParams.get("token")!;

describe("the web host", () => {
  it("serves the app's own files to a reload without the secret, and never sets a cookie", async () => {
    const page = await fetch(host.appUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("set-cookie")).toBeNull();
    expect((await fetch(`${host.url}/`)).status).toBe(200);
    expect((await fetch(`${host.url}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${host.url}/../../etc/passwd`)).status).toBe(404);
  });

  it("serves stored media by id only, with byte ranges and the page's security headers", async () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, index) => index);
    // A type the file's extension (.bin) does not suggest: the stored type must win.
    const media = host.services.media.save({
      taskId: null,
      profileId: "web-test",
      kind: "video",
      mime: "video/quicktime",
      bytes,
      prompt: "a lighthouse",
      model: "video-test",
      size: null,
      duration: null,
      remoteUrl: null,
      requestId: null,
    });
    expect(media.src).toBe(mediaAddress(mediaCapabilityOf(secretOf(host)), media.id));
    const part = await fetch(`${host.url}${media.src}`, { headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 10-19/64");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(10, 20));
    expect(part.headers.get("content-type")).toBe("video/quicktime");
    expect(part.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(part.headers.get("x-content-type-options")).toBe("nosniff");
    expect(part.headers.get("referrer-policy")).toBe("no-referrer");
    expect(part.headers.get("content-security-policy")).toContain("script-src 'self'");
    const whole = await fetch(`${host.url}${media.src}`);
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${host.url}${media.src.replace(media.id, randomUUID())}`)).status).toBe(404);
    // Without the capability, or with the secret itself in its place, a stored file is not there.
    expect((await fetch(`${host.url}/media/${media.id}`)).status).toBe(404);
    expect((await fetch(`${host.url}/media/${"0".repeat(64)}/${media.id}`)).status).toBe(404);
    expect((await fetch(`${host.url}/media/${secretOf(host)}/${media.id}`)).status).toBe(404);
  });

  it("serves a picture's kept card preview beside it, revalidated on each use", async () => {
    const picture = host.services.media.save({
      taskId: null,
      profileId: "web-test",
      kind: "image",
      mime: "image/png",
      bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      prompt: "a kettle",
      model: "image-test",
      size: null,
      duration: null,
      remoteUrl: null,
      requestId: null,
    });
    expect((await fetch(`${host.url}${picture.src}/thumbnail`)).status).toBe(404);
    const preview = Buffer.from("UklGRgAAAABXRUJQVlA4IA==", "base64");
    const { thumbnailSrc } = host.services.media.saveThumbnail(picture.id, preview);
    const served = await fetch(`${host.url}${thumbnailSrc}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("private, no-cache");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(preview);
    expect((await fetch(`${host.url}/media/${"0".repeat(64)}/${picture.id}/thumbnail`)).status).toBe(404);
  });

  it("answers the contract over the bridge, with the gateway's numbers and never the key", async () => {
    const ws = await openBridgeAt(host.url, secretOf(host));
    const frames: string[] = [];
    ws.on("message", (raw) => frames.push(raw.toString()));
    const profiles = await invoke<{ ok: true; data: { profiles: { keyHint: string }[] } }>(ws, "profiles.list");
    expect(profiles.ok).toBe(true);
    expect(profiles.data.profiles[0]!.keyHint).toBe(`…${KEYS.main.key.slice(-2)}`);
    const budget = await invoke<{ ok: true; data: { balance: unknown } }>(ws, "budget.get", {});
    const direct = await (await gateway.call("/v1/balance")).json();
    expect(budget.data.balance).toEqual(direct);
    const invalid = await invoke(ws, "profiles.select", { id: 42 });
    expect(invalid).toMatchObject({ ok: false, error: { code: "INVALID_PAYLOAD" } });
    expect(frames.join("\n")).not.toContain(KEYS.main.key);
    ws.close();
  });

  it("runs side by side with another host on another data directory", async () => {
    const second = await startWebHost({
      dataDir: tempDir("web-"),
      rendererDir,
      version: "0.0.0-test",
      profile: { baseUrl: gateway.url, key: KEYS.other.key },
    });
    try {
      expect(second.url).not.toBe(host.url);
      const ws = await openBridgeAt(second.url, secretOf(second));
      const budget = await invoke<{ ok: true; data: { balance: { api_key: { id: string } } } }>(ws, "budget.get", {});
      expect(budget.data.balance.api_key.id).toBe(KEYS.other.id);
      ws.close();
      expect((await fetch(host.appUrl)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("gives its address out before the services open: the page loads meanwhile and the bridge waits for them", async () => {
    let started = false;
    const early: { listenedFirst?: boolean; page?: Promise<Response>; bridge?: Promise<WebSocket> } = {};
    const second = await startWebHost({
      dataDir: tempDir("web-"),
      rendererDir,
      version: "0.0.0-test",
      profile: { baseUrl: gateway.url, key: KEYS.main.key },
      onListening(listening) {
        early.listenedFirst = !started && listening.problems.length === 0;
        early.page = fetch(listening.appUrl);
        early.bridge = openBridgeAt(listening.url, secretOf(listening));
      },
    });
    started = true;
    try {
      expect(early.listenedFirst).toBe(true);
      const page = await early.page!;
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>ModelDesk</title>");
      const ws = await early.bridge!;
      expect(await invoke(ws, "profiles.list")).toMatchObject({ ok: true });
      ws.close();
    } finally {
      await second.close();
    }
  });

  it("comes back at the same address on the same data directory, so the page keeps its preferences", async () => {
    const dataDir = tempDir("web-");
    const options = {
      dataDir,
      rendererDir,
      version: "0.0.0-test",
      profile: { baseUrl: gateway.url, key: KEYS.main.key },
    };
    const first = await startWebHost(options);
    const firstUrl = first.url;
    expect(firstUrl).toBe(`http://127.0.0.1:${stablePortFor(dataDir)}`);
    // While the first still holds the port, a second host on the folder takes any free one rather than failing.
    const beside = await startWebHost(options);
    expect(beside.url).not.toBe(firstUrl);
    await beside.close();
    await first.close();
    const again = await startWebHost(options);
    try {
      expect(again.url).toBe(firstUrl);
    } finally {
      await again.close();
    }
  });
});
