import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { guardedFetch } from "./mcp-http-fetch.ts";
import type { McpLaunch } from "./mcp-launch.ts";
import { MAX_MESSAGE_BYTES } from "./mcp-limits.ts";
import type { StderrTail } from "./stderr-tail.ts";

/**
 * The transport one server is reached by: a child process of main over stdio (its stderr kept in
 * `tail`, its environment only the safe basics plus the server's own variables), or Streamable HTTP
 * through the guarded fetch.
 */
export function transportOf(launch: McpLaunch, tail: StderrTail): Transport {
  const { transport } = launch;
  if (transport.kind === "stdio") {
    const stdio = new StdioClientTransport({
      command: transport.command,
      args: [...transport.args],
      env: transport.env,
      stderr: "pipe",
      maxBufferSize: MAX_MESSAGE_BYTES,
    });
    tail.follow(stdio.stderr);
    return stdio;
  }
  return new StreamableHTTPClientTransport(new URL(transport.url), {
    requestInit: { headers: transport.headers },
    fetch: guardedFetch(transport.origin),
    redirectPolicy: "same-origin",
    // A dropped event stream is not reopened behind the user's back: the next use starts afresh.
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
}
