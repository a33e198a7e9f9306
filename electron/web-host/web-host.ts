import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import type { AppServicesOptions } from "../composition/start-app-services.ts";
import type { AppServices } from "../services/app-services.ts";
import { contentSecurityPolicy } from "../common/content-security-policy.ts";
import { DATA_FILES, type DataProblem } from "../services/store/data-files.ts";
import { accessProblemOfSqliteError } from "../services/store/data-access.ts";
import { applyRecovery, recoveryActionsFor } from "../services/store/data-recovery.ts";
import { RECOVERY_CSP, recoveryActionOf, recoveryPage } from "./recovery-page.ts";
import { newHostAccess, sameSecret } from "./host-access.ts";
import { OPEN_PRINTED_ADDRESS, requestGuard } from "./request-guard.ts";
import { sendFile } from "./send-file.ts";
import { appFileFor, rendererFileFor } from "./app-files.ts";
import { listenLocal, stablePortFor } from "./stable-port.ts";
import { QUICK_CHAT_PATH } from "../../shared/ipc/desktop.ts";
import { dataFolderCheck } from "./data-folder-check.ts";
import { refuseUpgrade, smallBody } from "./small-answers.ts";
import { loadWebApp } from "./app-module-parts.ts";
import { PageFirst } from "./page-first.ts";
import type * as WebAppModule from "./web-app.ts";
import type { WebApp } from "./web-app.ts";
import type { WebSocketBridge } from "./ws-bridge.ts";

// An ES import of node:http reads every export, among them the lazy WebSocket getters that load
// Node's fetch (undici, ~50 ms of the host's start); the module object itself is read only for what is used.
const { createServer } = process.getBuiltinModule("node:http");

export interface WebHostOptions {
  /** A port to use, 0 for any; without one, the data folder's own port (any free one when it is taken). */
  readonly port?: number;
  readonly dataDir: string;
  /** The built renderer to serve. */
  readonly rendererDir: string;
  readonly profile?: { readonly baseUrl: string; readonly key: string };
  readonly localGatewayConfig?: AppServicesOptions["localGatewayConfig"];
  readonly version: string;
  /** Damage the check after the start found, once the host has stopped the app for it and shows the recovery page. */
  readonly onDamageFound?: (problems: readonly DataProblem[]) => void;
  /**
   * The host listens and serves the app's page while the services open: the address can be given
   * out now, and the browser loads the page meanwhile (the bridge waits for the services).
   */
  readonly onListening?: (host: ListeningWebHost) => void;
}

/** A host listening at its address, its services still opening. */
export interface ListeningWebHost {
  readonly url: string;
  readonly appUrl: string;
  readonly quickChatUrl: string;
  /** What the start's check of the folder found; the services' open may find more (RunningWebHost.problems). */
  readonly problems: readonly DataProblem[];
}

export interface RunningWebHost {
  readonly url: string;
  /** The address to open: carries the per-run access token. */
  readonly appUrl: string;
  /** The quick chat view, with the same token. */
  readonly quickChatUrl: string;
  readonly services: AppServices;
  /**
   * What kept the data from opening at start (damage, or a read-only, locked or full place):
   * until it is dealt with, the host shows the recovery page.
   */
  readonly problems: readonly DataProblem[];
  close(): Promise<void>;
}

/**
 * The app in a browser: the same main-process services in plain Node, the built renderer on
 * 127.0.0.1, and the same contract over a WebSocket. The per-run secret is given once, in the
 * printed address; the page keeps it and proves it on the bridge, stored media carry a capability
 * derived from it, and no cookie is ever set. No request may end the process: each handler answers
 * its own failures.
 */
export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const { secret, mediaCapability } = newHostAccess();
  const folder = dataFolderCheck(options.dataDir);
  const problemsNow = (thorough = false) => folder.problems(thorough);
  let problems = problemsNow();
  const server = createServer();
  await listenLocal(server, options.port ?? stablePortFor(options.dataDir), options.port === undefined);
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the web host is not listening on TCP");
  const origin = `http://127.0.0.1:${address.port}`;
  const access = { secret, mediaCapability, origin };
  /**
   * The services' modules (most of the host's start) load once the address is out (web-app.ts),
   * while the browser loads the page; the bridge, media and the recovery page wait for them.
   */
  let webApp: typeof WebAppModule | null = null;
  const pageFirst = new PageFirst();
  /** Opens the app; a start whose writes the place refuses (a lock taken since the check) is named too. */
  const openIfHealthy = async (): Promise<WebApp | null> => {
    if (problems.length > 0) return null;
    const giveWay = () => pageFirst.giveWay();
    webApp ??= await loadWebApp(giveWay);
    try {
      return await webApp.openWebApp(options, access, giveWay);
    } catch (error) {
      const database = join(options.dataDir, DATA_FILES.database);
      const problem = accessProblemOfSqliteError(error, database);
      if (!problem) throw error;
      problems = [{ kind: "database", path: database, ...problem, backup: null }];
      // A page loaded while the app opened learns it from the bridge, and opens the recovery page.
      recovering = webApp.recoveryBridge(access);
      return null;
    }
  };
  let app: WebApp | null = null;
  /** While damage found after the start stands in for the app: the bridge that tells its pages (recovery-core.ts). */
  let recovering: WebSocketBridge | null = null;
  /** The app let go for that damage: no file is set aside before it has closed. */
  let closing: Promise<void> = Promise.resolve();
  /** Stops the app when the check after the start finds damage the start's own check could not see. */
  const stopForDamage = (damaged: WebApp) => {
    if (app !== damaged || webApp === null) return;
    const found = problemsNow(true);
    if (found.length === 0) return;
    problems = found;
    app = null;
    recovering = webApp.recoveryBridge(access);
    damaged.bridge.close();
    closing = damaged.services.close();
    options.onDamageFound?.(found);
  };
  const open = async () => {
    const opened = await openIfHealthy();
    app = opened;
    if (opened === null) return;
    opened.services.subscribe({ dataDamaged: () => stopForDamage(opened) });
    recovering?.close();
    recovering = null;
  };
  /** Set while the start opens the app: until it settles, only the app's own files are served. */
  let opening: Promise<void> | null = null;
  const admit = requestGuard(origin);
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

  /** Until the data opens, every page is the recovery page. */
  async function recover(request: IncomingMessage, response: ServerResponse, url: URL) {
    const headers = { ...securityHeaders };
    // The recovery page runs no script: the secret stays in its address, and its form posts it back.
    if (!sameSecret(url.searchParams.get("token"), secret)) return refuse(response, 403, OPEN_PRINTED_ADDRESS);
    if (request.method === "POST") {
      // The Origin check stops another site from choosing for the user even with the address.
      if (request.headers.origin !== origin) return refuse(response, 403, "Forbidden");
      const action = recoveryActionOf(await smallBody(request));
      if (!action || !recoveryActionsFor(problems).includes(action)) {
        return refuse(response, 400, `Choose one of: ${recoveryActionsFor(problems).join(", ")}`);
      }
      await closing;
      for (const kept of applyRecovery(problems, action)) console.error(`data kept: ${kept}`);
      problems = problemsNow();
      await open();
      response.writeHead(303, { ...headers, location: `/?token=${secret}` });
      return void response.end();
    }
    response.writeHead(200, {
      ...headers,
      "content-security-policy": RECOVERY_CSP,
      // With no-referrer, Chromium sends `Origin: null` on the form's POST, and the check above needs it.
      "referrer-policy": "same-origin",
      "content-type": "text/html; charset=utf-8",
    });
    response.end(recoveryPage(problems, secret));
  }

  /** While the app opens, its page and scripts: they hold nothing of the user's (app-files.ts). */
  async function serveWhileOpening(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    if (problems.length > 0 || (request.method !== "GET" && request.method !== "HEAD")) return false;
    const admission = admit(request);
    if (!admission.admitted) return false;
    return pageFirst.served(async () => {
      const found = await rendererFileFor(admission.url.pathname, options.rendererDir);
      if (!found) return false;
      await sendFile(request, response, found.path, { ...securityHeaders, ...found.headers });
      return true;
    });
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (opening !== null && (await serveWhileOpening(request, response))) return;
    await opening;
    const recovering = app === null;
    const allowed = request.method === "GET" || request.method === "HEAD" || (recovering && request.method === "POST");
    if (!allowed) return refuse(response, 405, "Method not allowed");
    const admission = admit(request);
    if (!admission.admitted) return refuse(response, admission.status, admission.message);
    const { pathname } = admission.url;
    if (app === null) return recover(request, response, admission.url);
    const found = await appFileFor(pathname, app.services.media, mediaCapability, options.rendererDir);
    if (!found) return refuse(response, 404, "Not found");
    return sendFile(request, response, found.path, { ...securityHeaders, ...found.headers });
  }

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    serve(request, response).catch((error: unknown) => {
      // Once the answer has started (or the browser went away, as a seeking video does), it can only be cut.
      if (response.headersSent || response.destroyed) return void response.destroy();
      console.error("web host: request failed:", error);
      refuse(response, 500, "Internal error");
    });
  });

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      const admission = admit(request);
      if (!admission.admitted) return refuseUpgrade(socket, admission.status);
      // Only the host's own page may open the bridge; it then proves it holds the secret (page-handshake.ts).
      if (admission.url.pathname !== "/bridge" || request.headers.origin !== origin) return refuseUpgrade(socket, 403);
      const bridge = app?.bridge ?? recovering;
      if (bridge === null) return refuseUpgrade(socket, 503);
      bridge.upgrade(request, socket, head);
    } catch (error) {
      console.error("web host: upgrade failed:", error);
      refuseUpgrade(socket, 500);
    }
  };
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands over an upgraded socket without an error listener: a reset would end the process.
    socket.on("error", () => socket.destroy());
    // A page loaded while the app opens connects once it has (ws lets go of a socket closed meanwhile).
    if (opening === null) return upgrade(request, socket, head);
    void opening.then(
      () => upgrade(request, socket, head),
      () => socket.destroy(),
    );
  });

  options.onListening?.({
    url: origin,
    appUrl: `${origin}/?token=${secret}`,
    quickChatUrl: `${origin}${QUICK_CHAT_PATH}?token=${secret}`,
    problems,
  });
  opening = open();
  try {
    await opening;
  } catch (error) {
    // The app did not open: nothing is served, and the folder is let go.
    server.closeAllConnections();
    server.close();
    folder.release();
    throw error;
  } finally {
    opening = null;
  }
  const problemsAtStart = problems;

  return {
    url: origin,
    appUrl: `${origin}/?token=${secret}`,
    quickChatUrl: `${origin}${QUICK_CHAT_PATH}?token=${secret}`,
    problems: problemsAtStart,
    get services() {
      if (app === null) throw new Error("the web host is waiting for its data to be recovered");
      return app.services;
    },
    async close() {
      // Taken out first: damage the upkeep finds while the app closes is left for the next start.
      const closingApp = app;
      app = null;
      closingApp?.bridge.close();
      recovering?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closingApp?.services.close();
      await closing;
      folder.release();
    },
  };
}
