import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

// An ES import of node:http reads every export, among them the lazy WebSocket getters that load
// Node's fetch (undici, ~50 ms of the host's start); the module object itself is read only for what is used.
const { STATUS_CODES } = process.getBuiltinModule("node:http");

const RECOVERY_BODY_MAX = 1024;

/** A recovery form's body, or "" when it is longer than any such form. */
export async function smallBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > RECOVERY_BODY_MAX) return "";
  }
  return body;
}

export function refuseUpgrade(socket: Duplex, status: number): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
