import type { Exchange, Fault } from "./fault-proxy.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Headers then a body that never ends: `chunk` again and again, as fast as the client takes it. */
export const endlessBody =
  (contentType: string, opening: string, chunk: string): Fault =>
  async ({ request, response, write }) => {
    request.resume();
    response.writeHead(200, { "content-type": contentType });
    if (!(await write(opening))) return;
    while (await write(chunk));
  };

/** Headers then one byte every `everyMs`, for ever. */
export const trickle =
  (contentType: string, everyMs: number): Fault =>
  async ({ request, response, write }) => {
    request.resume();
    response.writeHead(200, { "content-type": contentType });
    while (await write(" ")) await wait(everyMs);
  };

/** Passes the request on, sends the first `keepBytes` of the answer, then goes silent with the connection open. */
export const stallAfter =
  (keepBytes: number): Fault =>
  async ({ response, upstream }) => {
    const answer = await upstream();
    response.writeHead(answer.status, withoutLength(answer.headers));
    response.write(answer.body.subarray(0, keepBytes));
  };

/** Passes the request on, sends the first `keepBytes` of the answer, then cuts the connection. */
export const cutAfter =
  (keepBytes: number): Fault =>
  async ({ response, upstream }) => {
    const answer = await upstream();
    response.writeHead(answer.status, withoutLength(answer.headers));
    response.write(answer.body.subarray(0, keepBytes), () => response.destroy());
  };

/** Passes the request on and answers what the gateway said, with some headers changed. */
export const withHeaders =
  (headers: Record<string, string>): Fault =>
  async ({ response, upstream }) => {
    const answer = await upstream();
    response.writeHead(answer.status, { ...withoutLength(answer.headers), ...headers }).end(answer.body);
  };

/** Passes the request on and answers what the gateway said, its body rewritten. */
export const rewriteBody =
  (rewrite: (body: string) => string): Fault =>
  async ({ response, upstream }) => {
    const answer = await upstream();
    response.writeHead(answer.status, withoutLength(answer.headers)).end(rewrite(String(answer.body)));
  };

/** Passes the request on (the gateway acts on it) and answers something else of the proxy's own. */
export const answerAfterForward =
  (status: number, body: string, contentType = "text/html"): Fault =>
  async ({ response, upstream }) => {
    await upstream();
    response.writeHead(status, { "content-type": contentType }).end(body);
  };

/** Answers at once, without the gateway. */
export const answer =
  (status: number, body: string | Buffer, headers: Record<string, string> = {}): Fault =>
  ({ request, response }: Exchange) => {
    request.resume();
    response.writeHead(status, { "content-type": "application/json", ...headers }).end(body);
  };

/** Holds the request without an answer until the client gives up. */
export const hold: Fault = ({ request }) => void request.resume();

function withoutLength(headers: Record<string, string | string[] | undefined>) {
  const rest = { ...headers };
  delete rest["content-length"];
  delete rest["transfer-encoding"];
  return rest;
}
