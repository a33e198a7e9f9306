import { MAX_MESSAGE_BYTES } from "./mcp-limits.ts";

export type McpRefusalKind = "redirect" | "too-large";

/** A request the guard did not let through, or an answer it stopped reading. */
export class McpFetchRefusal extends Error {
  readonly kind: McpRefusalKind;

  constructor(kind: McpRefusalKind) {
    super(kind === "redirect" ? "redirect to another origin refused" : "answer too large");
    this.name = "McpFetchRefusal";
    this.kind = kind;
  }
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/**
 * The fetch an HTTP server is reached with. Its headers (secrets among them) go only to `origin`,
 * the one they were saved for: redirects are never followed by fetch itself, one to another origin
 * is refused, and the transport follows the rest through this guard again. Each answer's body is
 * cut off past `maxBytes`.
 */
export function guardedFetch(origin: string, maxBytes = MAX_MESSAGE_BYTES, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.origin !== origin) throw new McpFetchRefusal("redirect");
    const response = await base(url, { ...init, redirect: "manual" });
    if (isRedirect(response.status)) {
      const location = response.headers.get("location");
      if (location === null || new URL(location, url).origin !== origin) {
        await response.body?.cancel();
        throw new McpFetchRefusal("redirect");
      }
      return response;
    }
    return bounded(response, maxBytes);
  };
}

function bounded(response: Response, maxBytes: number): Response {
  if (!response.body) return response;
  let read = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      read += chunk.byteLength;
      if (read > maxBytes) controller.error(new McpFetchRefusal("too-large"));
      else controller.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
}
