import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import WebSocket from "ws";
import { mediaAddress, mediaCapabilityOf } from "../../electron/web-host/host-access.ts";
import { startWebHost, type RunningWebHost } from "../../electron/web-host/web-host.ts";
import { invoke, openBridgeAt } from "../support/bridge-client.ts";
import { KEYS, startTestGateway, tempDir } from "../support/local-gateway.ts";

export interface HostFixture {
  readonly host: RunningWebHost;
  readonly port: number;
  readonly rendererDir: string;
  /** The per-run secret, as the printed address carries it. */
  readonly secret: string;
  /** Where the page finds stored file `id`. */
  mediaPath(id: string): string;
  /** The `Host` header this host answers to. */
  readonly hostHeader: string;
  /** A temporary directory that `close` removes. */
  tempDir(prefix: string): string;
  close(): Promise<void>;
}

/** A web host serving a small fake renderer, on a test gateway. */
export async function startHostFixture(): Promise<HostFixture> {
  const dirs: string[] = [];
  const ownTempDir = (prefix: string) => dirs[dirs.push(tempDir(prefix)) - 1]!;
  const rendererDir = ownTempDir("renderer-");
  mkdirSync(join(rendererDir, "assets"));
  writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>ModelDesk</title>");
  writeFileSync(join(rendererDir, "assets", "app.js"), "console.log('app')");
  const gateway = await startTestGateway({}, ownTempDir("gateway-"));
  const host = await startWebHost({
    dataDir: ownTempDir("web-"),
    rendererDir,
    version: "0.0.0-test",
    profile: { baseUrl: gateway.url, key: KEYS.main.key },
  });
  const secret = new URL(host.appUrl).searchParams.get("token")!;
  return {
    host,
    port: Number(new URL(host.url).port),
    rendererDir,
    secret,
    mediaPath: (id) => mediaAddress(mediaCapabilityOf(secret), id),
    hostHeader: new URL(host.url).host,
    tempDir: ownTempDir,
    async close() {
      await host.close();
      await gateway.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RawAnswer {
  readonly status: number;
  /** Everything the host wrote, head and body. */
  readonly text: string;
}

/** The bytes of a request with this host's Host header unless `headers` name another. */
export function requestText(fixture: HostFixture, target: string, headers: Record<string, string>): string {
  const lines = Object.entries({ host: fixture.hostHeader, ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return `GET ${target} HTTP/1.1\r\n${lines.join("")}\r\n`;
}

/** A GET sent byte for byte (fetch would normalise the path first); the answer is read until the host closes. */
export function rawRequest(
  fixture: HostFixture,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(fixture.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.write(requestText(fixture, target, { connection: "close", ...headers }));
  });
}

/** The headers of a WebSocket upgrade from the app's own page. */
export function upgradeHeaders(fixture: HostFixture): Record<string, string> {
  return {
    connection: "Upgrade",
    upgrade: "websocket",
    "sec-websocket-version": "13",
    "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    origin: fixture.host.url,
  };
}

/** The status a bridge connection gets: 101 when it opens (it is closed again), else the refusal's. */
export function bridgeStatus(fixture: HostFixture, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${fixture.host.url.replace("http", "ws")}/bridge`, { headers });
    ws.once("open", () => {
      ws.close();
      resolve(101);
    });
    ws.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    ws.once("error", reject);
  });
}

/** A bridge connection from the app's page, once it has proven it holds the secret. */
export const openBridge = (fixture: HostFixture) => openBridgeAt(fixture.host.url, fixture.secret);

/** Whether the host still answers: the app page with the token, and a call over a new bridge. */
export async function stillServes(fixture: HostFixture): Promise<boolean> {
  if ((await fetch(fixture.host.appUrl)).status !== 200) return false;
  const ws = await openBridge(fixture);
  try {
    return (await invoke(ws, "profiles.list")).ok;
  } finally {
    ws.close();
  }
}
