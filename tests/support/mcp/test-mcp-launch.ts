import { join } from "node:path";
import type { McpRowInput } from "../../../shared/ipc/mcp.ts";

/** The stdio test server's script, run by the Node that runs the tests (24, which strips types). */
export const TEST_MCP_SERVER_SCRIPT = join(import.meta.dirname, "test-mcp-server.ts");

/** How Settings would start the stdio test server: this Node, the script as its argument. */
export const testMcpStdio = (env: McpRowInput[] = []) => ({
  kind: "stdio" as const,
  command: process.execPath,
  args: [TEST_MCP_SERVER_SCRIPT],
  env,
});

/** The tools only the stdio test server has. */
export const STDIO_ONLY_TOOLS = ["crash", "hang"];
