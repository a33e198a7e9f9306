import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { testMcpServer } from "./test-mcp-tools.ts";

export interface TestMcpHttpServer {
  /** The MCP endpoint: `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  /** An endpoint that redirects every request to `redirectTo`. */
  readonly redirectingUrl: string;
  /** The headers of every request the server received. */
  readonly received: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/**
 * The test MCP server over Streamable HTTP on an ephemeral loopback port, stateless (a server per
 * request). Its `header` tool says whether a request header arrived, and its length.
 */
export async function startTestMcpHttpServer(options: { redirectTo?: string } = {}): Promise<TestMcpHttpServer> {
  const received: IncomingHttpHeaders[] = [];
  const http = createServer((request, response) => {
    received.push(request.headers);
    if (request.url === "/redirect") {
      response.writeHead(307, { location: options.redirectTo ?? "/mcp" }).end();
      return;
    }
    if (request.url !== "/mcp") {
      response.writeHead(404).end("no MCP endpoint here");
      return;
    }
    const server = testMcpServer((it) =>
      it.registerTool(
        "header",
        { description: "Says whether a request header arrived.", inputSchema: { name: z.string() } },
        ({ name }) => {
          const value = request.headers[name.toLowerCase()];
          const said = typeof value === "string" ? `${name} is set (${value.length} characters)` : `${name} is not set`;
          return { content: [{ type: "text", text: said }] };
        },
      ),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on("close", () => void transport.close().then(() => server.close()));
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: `${base}/mcp`,
    redirectingUrl: `${base}/redirect`,
    received,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
