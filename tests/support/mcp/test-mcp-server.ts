import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { testMcpServer } from "./test-mcp-tools.ts";

/**
 * The test MCP server over stdio, run as `node tests/support/mcp/test-mcp-server.ts` (Node 24
 * strips the types). Its `crash` tool writes to stderr and exits, and its `hang` tool blocks for
 * good, as failing servers do; with MCP_TEST_REQUIRE naming a variable that is not set, it exits at
 * once, as a misconfigured one would.
 */
const required = process.env.MCP_TEST_REQUIRE;
if (required && !process.env[required]) {
  process.stderr.write(`test server: ${required} is not set, giving up\n`);
  process.exit(1);
}
const server = testMcpServer((it) => {
  it.registerTool("crash", { description: "Exits the server's process." }, () => {
    process.stderr.write("test server: crashing on purpose (exit 3)\n");
    process.exit(3);
  });
  it.registerTool("hang", { description: "Blocks the server for good: it answers nothing, not even a ping." }, () => {
    process.stderr.write("test server: hanging on purpose\n");
    for (;;);
  });
});
process.stderr.write("test server: ready on stdio\n");
await server.connect(new StdioServerTransport());
