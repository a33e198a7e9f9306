import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** An answer the gateway gave, read whole by the proxy (to be rewritten or inspected). */
export interface UpstreamAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

export interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  /** Sends the request on to the gateway and reads its whole answer. */
  upstream(): Promise<UpstreamAnswer>;
  /** Sends the request on and streams the answer back untouched. */
  pass(): void;
  /**
   * Writes part of a body of the fault's own making, counted in bytesWritten; resolves once the
   * client has taken it (backpressure), false once the client has gone.
   */
  write(chunk: string | Buffer): Promise<boolean>;
}

/** How the proxy answers one matching request instead of passing it on. */
export type Fault = (exchange: Exchange) => void | Promise<void>;

export interface Match {
  readonly method?: string;
  /** The path without its query: equal to a string, or matching a pattern. */
  readonly path?: string | RegExp;
}

export interface FaultProxy {
  readonly url: string;
  /** The next `times` requests that match meet `fault` (every one when times is omitted); the rest pass. */
  when(match: Match, fault: Fault, times?: number): void;
  /** Every fault removed: requests pass untouched again. */
  clear(): void;
  /** Requests that reached the proxy, as "METHOD /path". */
  readonly seen: readonly string[];
  /** Bytes the faults wrote into answers through `write`, all requests together. */
  readonly bytesWritten: number;
  close(): Promise<void>;
}

interface Rule {
  readonly match: Match;
  readonly fault: Fault;
  remaining: number;
}

/**
 * A loopback proxy between the app's services and the gateway that lets each request through, or
 * answers it with a fault: held, dropped, cut, stalled, rewritten, or a body of its own making.
 * Answers are streamed when passed, so a streamed reply streams through it.
 */
export async function startFaultProxy(gatewayUrl: string): Promise<FaultProxy> {
  const gateway = new URL(gatewayUrl);
  let rules: Rule[] = [];
  const seen: string[] = [];
  let bytesWritten = 0;
  let ownUrl = "";

  const send = (request: IncomingMessage, onAnswer: (answer: IncomingMessage) => void, onError: () => void) => {
    const upstream = forward(
      {
        host: gateway.hostname,
        port: gateway.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: gateway.host },
      },
      onAnswer,
    );
    upstream.on("error", onError);
    request.pipe(upstream);
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    seen.push(`${request.method} ${path}`);
    const exchange: Exchange = {
      request,
      response,
      upstream: () =>
        new Promise((resolve, reject) =>
          send(
            request,
            (answer) => {
              const chunks: Buffer[] = [];
              answer.on("data", (chunk: Buffer) => chunks.push(chunk));
              answer.on("end", () =>
                resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
              );
              answer.on("error", reject);
            },
            () => reject(new Error("the gateway did not answer")),
          ),
        ),
      pass: () =>
        send(
          request,
          (answer) => {
            if (!/json/.test(String(answer.headers["content-type"]))) {
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
              return;
            }
            // The gateway's origin in JSON answers becomes the proxy's, as a reverse proxy's public address would.
            const chunks: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => chunks.push(chunk));
            answer.on("end", () => {
              const body = Buffer.concat(chunks).toString("utf8").replaceAll(gateway.origin, ownUrl);
              const headers = { ...answer.headers, "content-length": String(Buffer.byteLength(body)) };
              delete headers["transfer-encoding"];
              response.writeHead(answer.statusCode ?? 502, headers).end(body);
            });
          },
          () => response.destroy(),
        ),
      write: (chunk) =>
        new Promise((resolve) => {
          if (response.destroyed || response.writableEnded) return resolve(false);
          bytesWritten += Buffer.byteLength(chunk);
          if (response.write(chunk)) return resolve(true);
          const settle = (taken: boolean) => () => {
            response.off("drain", onDrain);
            response.off("close", onClose);
            resolve(taken);
          };
          const onDrain = settle(true);
          const onClose = settle(false);
          response.once("drain", onDrain).once("close", onClose);
        }),
    };
    const rule = rules.find((candidate) => candidate.remaining > 0 && matches(candidate.match, request.method, path));
    if (!rule) return exchange.pass();
    rule.remaining--;
    void Promise.resolve(rule.fault(exchange)).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  ownUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: ownUrl,
    when(match, fault, times = Number.POSITIVE_INFINITY) {
      rules.push({ match, fault, remaining: times });
    },
    clear() {
      rules = [];
    },
    seen,
    get bytesWritten() {
      return bytesWritten;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function matches(match: Match, method: string | undefined, path: string): boolean {
  if (match.method && match.method !== method) return false;
  if (match.path === undefined) return true;
  return typeof match.path === "string" ? match.path === path : match.path.test(path);
}
