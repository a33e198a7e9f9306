import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { z } from "zod";
import type { MainCore } from "../ipc/main-core.ts";
import type { Page } from "../common/pages.ts";
import { pageProven } from "./page-handshake.ts";

/** A call from the browser stand-in of the preload. */
const BridgeRequestSchema = z.object({
  t: z.literal("invoke"),
  id: z.number().int(),
  channel: z.string(),
  payload: z.unknown().optional(),
});

/** Room for the largest call: a video request with an 8 MiB reference image as a data: URL (≈10.7 MiB). */
const MAX_MESSAGE_BYTES = 12 * 1024 * 1024;

/** What a page must prove it knows, and the address it proves it at. */
export interface BridgeAccess {
  readonly secret: string;
  readonly origin: string;
}

/**
 * The web host's IPC: each WebSocket connection is a page, once it has proven it holds the host's
 * secret (page-handshake.ts). Invokes go through the same router as Electron IPC; events are
 * pushed as `{t:"event"}` frames. A reload opens a new connection and closing the old one aborts
 * its streams.
 */
export class WebSocketBridge {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly core: MainCore;
  private readonly access: BridgeAccess;

  constructor(core: MainCore, access: BridgeAccess) {
    this.core = core;
    this.access = access;
  }

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(request, socket, head, (ws) => this.connect(ws));
  }

  close(): void {
    for (const client of this.server.clients) client.terminate();
    this.server.close();
  }

  private connect(ws: WebSocket): void {
    ws.on("error", () => {
      // A frame over the limit, text that is not UTF-8 or a broken frame: ws has already closed the
      // connection with the matching code; unheard, the error would end the process.
    });
    void pageProven(ws, this.access.secret, this.access.origin).then((proven) => {
      if (proven) this.admit(ws);
    });
  }

  private admit(ws: WebSocket): void {
    const closed = new AbortController();
    const page: Page = {
      id: randomUUID(),
      closed: closed.signal,
      send(event, payload) {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ t: "event", event, payload }));
      },
    };
    this.core.pages.add(page);
    ws.on("close", () => closed.abort());
    ws.on("message", (raw) => {
      this.answer(ws, page, raw).catch(() => ws.close(1011, "internal error"));
    });
  }

  private async answer(ws: WebSocket, page: Page, raw: WebSocket.RawData): Promise<void> {
    let request: z.infer<typeof BridgeRequestSchema>;
    try {
      request = BridgeRequestSchema.parse(JSON.parse(raw.toString()));
    } catch {
      ws.close(1003, "malformed message");
      return;
    }
    const result = await this.core.route(request.channel, request.payload, page);
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ t: "result", id: request.id, result }));
  }
}
