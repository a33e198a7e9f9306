import { send } from "@fastify/send";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname } from "node:path";
import { pipeline } from "node:stream/promises";

/**
 * Streams an already resolved file with byte ranges (video elements seek with them), conditional
 * GET and HEAD. `headers` go on every answer; a `content-type` among them wins over the one the
 * extension suggests. Settles when the answer is sent, rejects when it could not be.
 */
export async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  headers: Readonly<Record<string, string>>,
): Promise<void> {
  // send takes a URL path under a root: here the file's own folder and its encoded name.
  const answer = await send(request, `/${encodeURIComponent(basename(file))}`, {
    root: dirname(file),
    index: false,
    cacheControl: false,
    contentType: headers["content-type"] === undefined,
  });
  // send's own headers come last: on an error answer they describe its error page.
  for (const [name, value] of [...Object.entries(headers), ...Object.entries(answer.headers)]) {
    response.setHeader(name, value);
  }
  response.writeHead(answer.statusCode);
  await pipeline(answer.stream, response);
}
