import { createServer, type IncomingHttpHeaders } from "node:http";
import { WebSocketServer } from "ws";

/** What reached a squatter: each HTTP request or upgrade (target and headers) and each WebSocket frame. */
export interface Squatter {
  readonly requests: { readonly url: string; readonly headers: IncomingHttpHeaders }[];
  readonly frames: string[];
  /** Everything it received, as one text to search. */
  everything(): string;
  close(): Promise<void>;
}

/**
 * Another local process that takes a port: it answers every request with 200, accepts every
 * WebSocket, and answers every frame the way a forger would, with a made-up proof and `ready`.
 */
export async function squatPort(port: number): Promise<Squatter> {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const frames: string[] = [];
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? "", headers: request.headers });
    response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>ModelDesk</title>");
  });
  const sockets = new WebSocketServer({ server });
  sockets.on("connection", (ws, request) => {
    requests.push({ url: request.url ?? "", headers: request.headers });
    ws.on("message", (raw) => {
      frames.push(raw.toString());
      ws.send(JSON.stringify({ t: "proof", proof: "0".repeat(64), challenge: "1".repeat(64) }));
      ws.send(JSON.stringify({ t: "ready" }));
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return {
    requests,
    frames,
    everything: () => JSON.stringify({ requests, frames }),
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
