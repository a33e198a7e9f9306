import type { FastifyReply } from "fastify";
import type { ServerResponse } from "node:http";
import { abortWhenClientLeaves } from "./client-gone.ts";

/**
 * A Server-Sent-Events response written straight to the socket (the reply is hijacked, so the
 * headers Fastify collected so far are copied over by hand).
 */
export class SseStream {
  private readonly raw: ServerResponse;
  private readonly abortController = new AbortController();

  constructor(reply: FastifyReply) {
    reply.hijack();
    this.raw = reply.raw;
    const headers = Object.fromEntries(
      Object.entries(reply.getHeaders()).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
    );
    this.raw.writeHead(200, {
      ...headers,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    abortWhenClientLeaves(this.raw, this.abortController);
  }

  /** Aborted when the client goes away (or the connection is cut on purpose). */
  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  get closed(): boolean {
    return this.abortController.signal.aborted;
  }

  send(data: unknown, event?: string): void {
    if (this.closed) return;
    const payload = typeof data === "string" ? data : JSON.stringify(data);
    this.raw.write(event ? `event: ${event}\ndata: ${payload}\n\n` : `data: ${payload}\n\n`);
  }

  end(): void {
    if (!this.closed) this.raw.end();
  }

  /**
   * Drops the connection mid-stream, the way a failing upstream would: what was sent is flushed,
   * then the socket closes without the chunked terminator, so clients see a truncated stream.
   */
  cut(): void {
    this.raw.socket?.destroySoon();
    this.abortController.abort();
  }
}
