import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the next submission meets on its way to the gateway. */
export type SubmitFault =
  /** Answered by the proxy with this status and the spec's error body; the gateway never sees it. */
  | { readonly kind: "status"; readonly status: number; readonly code: string }
  /** Answered by the proxy: 429 with Retry-After. */
  | { readonly kind: "rate-limit"; readonly retryAfterSeconds: number }
  /** Held without an answer until the client gives up. */
  | { readonly kind: "hang" }
  /** The connection is closed before anything is forwarded or answered. */
  | { readonly kind: "drop" }
  /** Forwarded: the gateway takes it and answers, then the client's connection is cut instead. */
  | { readonly kind: "cut-after-forward" };

export const SUBMIT_PATHS = ["/v1/images/generations", "/v1/video/generations"] as const;
export type SubmitPath = (typeof SUBMIT_PATHS)[number];

export interface FaultProxy {
  readonly url: string;
  /** The next submit POST (either path) meets `fault`; the ones after it pass through. */
  failNextSubmit(fault: SubmitFault): void;
  /** When each submit POST to `path` reached the proxy (ms on the monotonic clock, which fake timers leave alone). */
  submits(path: SubmitPath): readonly number[];
  /** The statuses the gateway answered to the submit POSTs the proxy forwarded to it. */
  gatewayAnswers(path: SubmitPath): readonly number[];
  /** Changes the body of every later JSON answer (a gateway that points its results elsewhere); null stops it. */
  editAnswers(edit: ((body: string, path: string) => string) | null): void;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of the gateway that can make a submission fail in each way a network
 * can, and counts the submissions that reach it. It presents the gateway's origin in answers as
 * its own, as a reverse proxy's public address would be, so result URLs lead back through it.
 */
export async function startFaultProxy(gatewayUrl: string): Promise<FaultProxy> {
  const gateway = new URL(gatewayUrl);
  const arrivals = new Map<string, number[]>();
  const answers = new Map<string, number[]>();
  let nextFault: SubmitFault | null = null;
  let edit: ((body: string, path: string) => string) | null = null;
  let ownUrl = "";

  const record = (map: Map<string, number[]>, path: string, value: number) =>
    map.set(path, [...(map.get(path) ?? []), value]);

  function relay(request: IncomingMessage, response: ServerResponse, onAnswered?: (status: number) => boolean) {
    const path = request.url ?? "/";
    const upstream = forward(
      // A connection of its own each time: one kept from before a restart of the gateway would be dead.
      {
        host: gateway.hostname,
        port: gateway.port,
        method: request.method,
        path,
        headers: { ...request.headers },
        agent: false,
      },
      (answer) => {
        // A stream passes as it comes, so a client can stop it midway as it would at the gateway.
        if (!onAnswered && /event-stream/.test(String(answer.headers["content-type"]))) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          response.on("close", () => answer.destroy());
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          if (onAnswered && !onAnswered(answer.statusCode ?? 0)) return;
          const json = /json/.test(String(answer.headers["content-type"]));
          let body = Buffer.concat(chunks);
          if (json) {
            const text = body.toString("utf8").replaceAll(gateway.origin, ownUrl);
            body = Buffer.from(edit ? edit(text, path) : text);
          }
          const headers = { ...answer.headers, "content-length": String(body.length) };
          delete headers["transfer-encoding"];
          response.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  }

  function misbehave(fault: SubmitFault, request: IncomingMessage, response: ServerResponse, path: string) {
    switch (fault.kind) {
      case "status":
      case "rate-limit": {
        const rateLimited = fault.kind === "rate-limit";
        const body = JSON.stringify({
          error: {
            code: rateLimited ? "RATE_LIMIT" : fault.code,
            message: rateLimited ? "Too many requests." : `Injected ${fault.status} from the fault proxy.`,
            request_id: "req_fault_proxy",
          },
        });
        request.resume();
        response
          .writeHead(rateLimited ? 429 : fault.status, {
            "content-type": "application/json",
            ...(rateLimited ? { "retry-after": String(fault.retryAfterSeconds) } : {}),
          })
          .end(body);
        return;
      }
      case "hang":
        request.resume();
        return;
      case "drop":
        request.socket.destroy();
        return;
      case "cut-after-forward":
        relay(request, response, (status) => {
          record(answers, path, status);
          response.socket?.destroy();
          return false;
        });
    }
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    const submit = request.method === "POST" && (SUBMIT_PATHS as readonly string[]).includes(path);
    if (!submit) return relay(request, response);
    record(arrivals, path, performance.now());
    const fault = nextFault;
    nextFault = null;
    if (fault) return misbehave(fault, request, response, path);
    relay(request, response, (status) => {
      record(answers, path, status);
      return true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  ownUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: ownUrl,
    failNextSubmit(fault) {
      nextFault = fault;
    },
    submits: (path) => arrivals.get(path) ?? [],
    gatewayAnswers: (path) => answers.get(path) ?? [],
    editAnswers(next) {
      edit = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
