import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** What `huge` returns by default: about 2 MB of text, past what the app passes on. */
export const HUGE_CHARS = 2_000_000;
/** What `slow` waits by default: longer than any test lets a call take. */
export const SLOW_DEFAULT_MS = 30_000;
/** Every tool the test server offers over either transport (`crash` only over stdio, `header` only over HTTP). */
export const TEST_TOOL_NAMES = ["echo", "add", "slow", "fail", "huge", "env"] as const;

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });

/** Waits `ms`, or less if the call is cancelled. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/**
 * The test MCP server's tools (run by test-mcp-server.ts over stdio and by test-mcp-http.ts over
 * Streamable HTTP): a few that answer, one slow, one failing, one huge.
 */
export function testMcpServer(extras: (server: McpServer) => void): McpServer {
  const server = new McpServer({ name: "modeldesk-test-server", version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Returns its text.", inputSchema: { text: z.string() } },
    ({ text: value }) => text(value),
  );
  server.registerTool(
    "add",
    { description: "Adds two numbers.", inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => text(String(a + b)),
  );
  server.registerTool(
    "slow",
    {
      description: "Waits ms milliseconds (30 s unless told), stopping when cancelled.",
      inputSchema: { ms: z.number().optional() },
    },
    async ({ ms = SLOW_DEFAULT_MS }, extra) => text((await wait(ms, extra.signal)) ? `waited ${ms} ms` : "cancelled"),
  );
  server.registerTool("fail", { description: "Always fails." }, () => ({
    isError: true,
    content: [{ type: "text", text: "the fail tool failed, as it always does" }],
  }));
  server.registerTool(
    "huge",
    { description: "Returns about 2 MB of text.", inputSchema: { chars: z.number().optional() } },
    ({ chars = HUGE_CHARS }) => text("0123456789".repeat(Math.ceil(chars / 10)).slice(0, chars)),
  );
  server.registerTool(
    "env",
    {
      description: "Returns whether an environment variable is set, and its length.",
      inputSchema: { name: z.string() },
    },
    ({ name }) => {
      const value = process.env[name];
      return text(value === undefined ? `${name} is not set` : `${name} is set (${value.length} characters)`);
    },
  );
  extras(server);
  return server;
}
