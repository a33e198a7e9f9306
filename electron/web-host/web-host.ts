import { randomBytes } from "node:crypto";
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import Conf from "conf";
import type { GatewayConfigInput } from "../local-gateway/config.ts";
import { createMainCore } from "../ipc/main-core.ts";
import { startAppServices, type AppServices } from "../services/app-services.ts";
import { contentSecurityPolicy } from "../services/content-security-policy.ts";
import { keyFileCipher } from "../services/vault/key-file-cipher.ts";
import { requestGuard, tokenCookie } from "./request-guard.ts";
import { sendFile } from "./send-file.ts";
import { resolveStaticFile } from "./static-files.ts";
import { WebSocketBridge } from "./ws-bridge.ts";

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

/**
 * The app in a browser: the same main-process services in plain Node, the built renderer on
 * 127.0.0.1, and the same contract over a WebSocket. Every request needs the per-run token, given
 * once in the URL and then kept in an HttpOnly, same-site cookie. No request may end the process:
 * each handler answers its own failures.
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
  const bridge = new WebSocketBridge(createMainCore(services));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the web host is not listening on TCP");
  const origin = `http://127.0.0.1:${address.port}`;
  const admit = requestGuard(origin, token);
  const securityHeaders = {
    "content-security-policy": contentSecurityPolicy([origin.replace(/^http/, "ws")]),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  };
  const refuse = (response: ServerResponse, status: number, message: string) => {
    response.writeHead(status, { ...securityHeaders, "content-type": "text/plain; charset=utf-8" });
    response.end(message);
  };

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "GET" && request.method !== "HEAD") return refuse(response, 405, "Method not allowed");
    const admission = admit(request);
    if (!admission.admitted) return refuse(response, admission.status, admission.message);
    const { pathname, searchParams } = admission.url;
    const headers: Record<string, string> = { ...securityHeaders };
    if (searchParams.has("token")) headers["set-cookie"] = tokenCookie(token);
    const mediaId = /^\/media\/([0-9a-f-]{36})$/.exec(pathname)?.[1];
    if (mediaId) {
      const media = services.media.file(mediaId);
      if (!media) return refuse(response, 404, "Not found");
      return sendFile(request, response, media.path, {
        ...headers,
        "content-type": media.mime,
        "cache-control": "private, max-age=86400",
      });
    }
    const file = await resolveStaticFile(options.rendererDir, pathname === "/" ? "/index.html" : pathname);
    if (!file) return refuse(response, 404, "Not found");
    return sendFile(request, response, file, headers);
  }

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    serve(request, response).catch((error: unknown) => {
      // Once the answer has started (or the browser went away, as a seeking video does), it can only be cut.
      if (response.headersSent || response.destroyed) return void response.destroy();
      console.error("web host: request failed:", error);
      refuse(response, 500, "Internal error");
    });
  });

  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands over an upgraded socket without an error listener: a reset would end the process.
    socket.on("error", () => socket.destroy());
    try {
      const admission = admit(request);
      if (!admission.admitted) return refuseUpgrade(socket, admission.status);
      // The Origin check stops other sites from opening the bridge with the user's cookie.
      if (admission.url.pathname !== "/bridge" || request.headers.origin !== origin) return refuseUpgrade(socket, 403);
      bridge.upgrade(request, socket, head);
    } catch (error) {
      console.error("web host: upgrade failed:", error);
      refuseUpgrade(socket, 500);
    }
  });

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

function refuseUpgrade(socket: Duplex, status: number): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
