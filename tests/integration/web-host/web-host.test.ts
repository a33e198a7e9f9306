import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { stablePortFor } from "../../../electron/web-host/stable-port.ts";
import { startWebHost, type RunningWebHost } from "../../../electron/web-host/web-host.ts";
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

function connect(headers: Record<string, string>, query = "", target = host) {
  return new WebSocket(`${target.url.replace("http", "ws")}/bridge${query}`, { headers });
}

function opened(ws: WebSocket): Promise<boolean> {
  return new Promise((resolve) => {
    ws.once("open", () => resolve(true));
    ws.once("unexpected-response", () => resolve(false));
    ws.once("error", () => resolve(false));
  });
}

/** Calls a channel over the bridge; `T` is the result shape the test expects. */
function invoke<T = { ok: boolean }>(ws: WebSocket, id: number, channel: string, payload?: unknown): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const frame = JSON.parse(raw.toString());
      if (frame.t === "result" && frame.id === id) {
        ws.off("message", onMessage);
        resolve(frame.result);
      }
    };
    ws.on("message", onMessage);
    ws.send(JSON.stringify({ t: "invoke", id, channel, payload }));
  });
}

describe("the web host", () => {
  it("serves nothing without the per-run token, and sets an HttpOnly cookie with it", async () => {
    expect((await fetch(`${host.url}/`)).status).toBe(403);
    expect((await fetch(`${host.url}/?token=wrong`)).status).toBe(403);
    expect((await fetch(`${host.url}/assets/app.js`)).status).toBe(403);
    const page = await fetch(host.appUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const cookie = page.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const asset = await fetch(`${host.url}/assets/app.js`, { headers: { cookie: cookie.split(";")[0]! } });
    expect(asset.status).toBe(200);
    expect((await fetch(`${host.url}/../../etc/passwd`, { headers: { cookie: cookie.split(";")[0]! } })).status).toBe(
      404,
    );
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
    const cookie = `modeldesk_token=${new URL(host.appUrl).searchParams.get("token")}`;
    const part = await fetch(`${host.url}${media.src}`, { headers: { cookie, range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 10-19/64");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(10, 20));
    expect(part.headers.get("content-type")).toBe("video/quicktime");
    expect(part.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(part.headers.get("x-content-type-options")).toBe("nosniff");
    expect(part.headers.get("referrer-policy")).toBe("no-referrer");
    expect(part.headers.get("content-security-policy")).toContain("script-src 'self'");
    const whole = await fetch(`${host.url}${media.src}`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${host.url}/media/${randomUUID()}`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${host.url}${media.src}`)).status).toBe(403);
  });

  it("opens the bridge only with the token and the host's own Origin", async () => {
    const token = new URL(host.appUrl).searchParams.get("token")!;
    expect(await opened(connect({ origin: host.url }))).toBe(false);
    expect(await opened(connect({ origin: "https://evil.example.com" }, `?token=${token}`))).toBe(false);
    const ws = connect({ origin: host.url, cookie: `modeldesk_token=${token}` });
    expect(await opened(ws)).toBe(true);
    ws.close();
  });

  it("answers the contract over the bridge, with the gateway's numbers and never the key", async () => {
    const token = new URL(host.appUrl).searchParams.get("token")!;
    const ws = connect({ origin: host.url }, `?token=${token}`);
    const frames: string[] = [];
    ws.on("message", (raw) => frames.push(raw.toString()));
    await opened(ws);
    const profiles = await invoke<{ ok: true; data: { profiles: { keyHint: string }[] } }>(ws, 1, "profiles.list");
    expect(profiles.ok).toBe(true);
    expect(profiles.data.profiles[0]!.keyHint).toBe(`…${KEYS.main.key.slice(-2)}`);
    const budget = await invoke<{ ok: true; data: { balance: unknown } }>(ws, 2, "budget.get", {});
    const direct = await (await gateway.call("/v1/balance")).json();
    expect(budget.data.balance).toEqual(direct);
    const invalid = await invoke(ws, 3, "profiles.select", { id: 42 });
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
      const ws = connect({ origin: second.url }, `?token=${new URL(second.appUrl).searchParams.get("token")}`, second);
      await opened(ws);
      const budget = await invoke<{ ok: true; data: { balance: { api_key: { id: string } } } }>(
        ws,
        1,
        "budget.get",
        {},
      );
      expect(budget.data.balance.api_key.id).toBe(KEYS.other.id);
      ws.close();
      expect((await fetch(host.appUrl)).status).toBe(200);
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
