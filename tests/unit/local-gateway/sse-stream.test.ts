import Fastify, { type FastifyInstance } from "fastify";
import { once } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { SseStream } from "../../../electron/local-gateway/sse-stream.ts";

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A server whose one route opens its stream only once `beforeOpening` has let it. */
async function streamingServer(beforeOpening: (response: ServerResponse) => Promise<unknown>) {
  let received!: () => void;
  const requestReceived = new Promise<void>((resolve) => (received = resolve));
  let opened!: (sse: SseStream) => void;
  const streamOpened = new Promise<SseStream>((resolve) => (opened = resolve));
  app = Fastify();
  app.post("/stream", async (_request, reply) => {
    received();
    await beforeOpening(reply.raw);
    opened(new SseStream(reply));
  });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return { url: `${url}/stream`, requestReceived, streamOpened };
}

describe("a gateway's event stream", () => {
  it("is closed from the start when its client left while the request was still being checked", async () => {
    const server = await streamingServer((response) => once(response, "close"));
    const client = new AbortController();
    const asked = fetch(server.url, { method: "POST", body: "{}", signal: client.signal }).catch(() => undefined);
    await server.requestReceived;
    client.abort();
    await asked;

    const sse = await server.streamOpened;
    // Otherwise its reply is paced out to nobody, charged in full, and holds the server's close.
    expect(sse.closed).toBe(true);
    expect(sse.signal.aborted).toBe(true);
  });

  it("closes when its client leaves after it started", async () => {
    const server = await streamingServer(async () => undefined);
    const client = new AbortController();
    const asked = fetch(server.url, { method: "POST", body: "{}", signal: client.signal });
    const sse = await server.streamOpened;
    sse.send({ first: true });
    await (await asked).body!.getReader().read();
    expect(sse.closed).toBe(false);

    client.abort();
    await once(sse.signal, "abort");
    expect(sse.closed).toBe(true);
  });
});
