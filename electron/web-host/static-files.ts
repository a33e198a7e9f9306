import { createReadStream, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

/** The file under `root` that `urlPath` names, or null when it escapes root or does not exist. */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  const relative = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, "");
  const file = join(root, relative);
  if (file !== root && !file.startsWith(root + sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** Sends a file; with `request`, byte ranges are honoured (video elements seek with them). */
export function sendFile(
  response: ServerResponse,
  file: string,
  headers: Record<string, string> = {},
  request?: IncomingMessage,
): void {
  const size = statSync(file).size;
  const base = {
    "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
    ...headers,
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request?.headers.range ?? "");
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      response.writeHead(416, { "content-range": `bytes */${size}` });
      response.end();
      return;
    }
    response.writeHead(206, {
      ...base,
      "content-range": `bytes ${start}-${end}/${size}`,
      "content-length": String(end - start + 1),
    });
    createReadStream(file, { start, end }).pipe(response);
    return;
  }
  response.writeHead(200, { ...base, "content-length": String(size) });
  createReadStream(file).pipe(response);
}
