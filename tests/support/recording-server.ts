import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

export interface RecordingServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Requests that carried any credential header. */
  credentialed(): RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A server on another loopback port that records everything it receives; the attacker's end in the
 * security tests. `redirectTo` makes it answer every request with a 307 there instead of a 404.
 */
export async function startRecordingServer(redirectTo?: string): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    request.resume();
    if (redirectTo) response.writeHead(307, { location: redirectTo + (request.url ?? "/") }).end();
    else response.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"nothing here"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    credentialed: () => requests.filter(({ headers }) => headers.authorization || headers["x-api-key"]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
