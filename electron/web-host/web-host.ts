import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import Conf from "conf";
import type { GatewayConfigInput } from "../local-gateway/config.ts";
import { createMainCore } from "../ipc/main-core.ts";
import { startAppServices, type AppServices } from "../services/app-services.ts";
import { contentSecurityPolicy } from "../services/content-security-policy.ts";
import { keyFileCipher } from "../services/vault/key-file-cipher.ts";
import { WebSocketBridge } from "./ws-bridge.ts";
import { resolveStaticFile, sendFile } from "./static-files.ts";

export interface WebHostOptions {
  readonly port?: number;
  readonly dataDir: string;
  /** The built renderer to serve. */
  readonly rendererDir: string;
  readonly profile?: { readonly baseUrl: string; readonly key: string };
  readonly localGatewayConfig?: GatewayConfigInput;
  readonly version: string;
}

export interface RunningWebHost {
  readonly url: string;
  /** The address to open: carries the per-run access token. */
  readonly appUrl: string;
  readonly services: AppServices;
  close(): Promise<void>;
}

const COOKIE = "modeldesk_token";

/**
 * The app in a browser: the same main-process services in plain Node, the built renderer on
 * 127.0.0.1, and the same contract over a WebSocket. Every request needs the per-run token, given
 * once in the URL and then kept in an HttpOnly, same-site cookie.
 */
export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const token = randomBytes(24).toString("hex");
  const settings = new Conf<Record<string, unknown>>({
    cwd: options.dataDir,
    configName: "settings",
    projectName: "modeldesk",
  });
  const services = await startAppServices(
    {
      host: "web",
      version: options.version,
      dataDir: options.dataDir,
      settings: { get: (key) => settings.get(key), set: (key, value) => settings.set(key, value) },
      cipher: keyFileCipher(join(options.dataDir, "secret.key")),
      fetch,
      mediaSrc: (id) => `/media/${id}`,
    },
    {
      ...(options.profile ? { profile: options.profile } : {}),
      ...(options.localGatewayConfig ? { localGatewayConfig: options.localGatewayConfig } : {}),
    },
  );
  const core = createMainCore(services);
  const bridge = new WebSocketBridge(core);
  let origin = "";

  const authorized = (request: IncomingMessage, url: URL) =>
    sameSecret(url.searchParams.get("token"), token) || sameSecret(cookieOf(request, COOKIE), token);

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", origin);
    if (request.method !== "GET" && request.method !== "HEAD") return refuse(response, 405, "Method not allowed");
    if (!authorized(request, url))
      return refuse(response, 403, "Open the address the web host printed (it carries the access token).");
    const headers: Record<string, string> = {
      "content-security-policy": contentSecurityPolicy([origin.replace(/^http/, "ws")]),
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    };
    if (url.searchParams.has("token")) {
      headers["set-cookie"] = `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
    }
    const mediaId = /^\/media\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
    if (mediaId) {
      const media = services.media.file(mediaId);
      if (!media) return refuse(response, 404, "Not found");
      const mediaHeaders = { ...headers, "content-type": media.mime, "cache-control": "private, max-age=86400" };
      return sendFile(response, media.path, mediaHeaders, request);
    }
    const file =
      url.pathname === "/"
        ? join(options.rendererDir, "index.html")
        : await resolveStaticFile(options.rendererDir, url.pathname);
    if (!file) return refuse(response, 404, "Not found");
    sendFile(response, file, headers);
  });

  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", origin);
    // The Origin check stops other sites from opening the bridge with the user's cookie.
    if (url.pathname !== "/bridge" || request.headers.origin !== origin || !authorized(request, url)) {
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    bridge.upgrade(request, socket, head);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the web host is not listening on TCP");
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    appUrl: `${origin}/?token=${token}`,
    services,
    async close() {
      bridge.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
    },
  };
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  response.end(message);
}

function cookieOf(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

function sameSecret(candidate: string | null, secret: string): boolean {
  if (candidate === null || candidate.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(candidate), Buffer.from(secret));
}
