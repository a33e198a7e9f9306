import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_TOOL_LIMITS } from "../../../shared/ipc/mcp.ts";
import type { McpServers } from "../../../electron/services/mcp/mcp-servers.ts";
import { codedFailure, mcpServersOnDisk, saveServer } from "../../support/mcp/mcp-fixture.ts";
import { startTestMcpHttpServer, type TestMcpHttpServer } from "../../support/mcp/test-mcp-http.ts";
import { TEST_TOOL_NAMES } from "../../support/mcp/test-mcp-tools.ts";

const SECRET = "Bearer http-secret-9c4f2a";
let mcp: TestMcpHttpServer;
/** Another origin, which a redirect points at: it must never see the secret. */
let elsewhere: TestMcpHttpServer;
let servers: McpServers;

const headers = [
  { name: "Authorization", value: SECRET, secret: true },
  { name: "X-Team", value: "blue", secret: false },
];

beforeAll(async () => {
  elsewhere = await startTestMcpHttpServer();
  mcp = await startTestMcpHttpServer({ redirectTo: elsewhere.url });
  ({ servers } = mcpServersOnDisk({ callMs: 500 }));
});
afterAll(async () => {
  await servers.close();
  await Promise.all([mcp.close(), elsewhere.close()]);
});

describe("an MCP server over Streamable HTTP", () => {
  it("lists its tools and answers calls, its headers sent with each request", async () => {
    const { id } = await saveServer(servers, "Remote", { kind: "http", url: mcp.url, headers });
    const test = await servers.test(id);
    expect(test.tools.map((tool) => tool.name)).toEqual([...TEST_TOOL_NAMES, "header"]);
    expect(await servers.callTool(id, "echo", { text: "over http" })).toMatchObject({
      text: "over http",
      isError: false,
    });
    expect((await servers.callTool(id, "add", { a: 1, b: 2 })).text).toBe("3");
    expect((await servers.callTool(id, "header", { name: "Authorization" })).text).toBe(
      `Authorization is set (${SECRET.length} characters)`,
    );
    expect(mcp.received.at(-1)).toMatchObject({ authorization: SECRET, "x-team": "blue" });
    expect(await servers.callTool(id, "fail", {})).toMatchObject({ isError: true });
  });

  it("cuts a huge answer with a note, and names the server when a call times out", async () => {
    const { id } = await saveServer(servers, "Remote huge", { kind: "http", url: mcp.url, headers });
    const huge = await servers.callTool(id, "huge", {});
    expect(huge.text.length).toBeLessThan(MCP_TOOL_LIMITS.resultChars + 200);
    expect(huge.text).toMatch(/\[cut: the tool returned 2,000,000 characters; the first 100,000 are shown\]$/);
    const tooLarge = await codedFailure(servers.callTool(id, "huge", { chars: 9 * 1024 * 1024 }));
    expect(tooLarge.text).toMatchObject({ code: "MCP_ANSWER_TOO_LARGE", params: { server: "Remote huge" } });
    const late = await codedFailure(servers.callTool(id, "slow", { ms: 5000 }));
    expect(late.text).toMatchObject({ code: "MCP_CALL_TIMEOUT", params: { server: "Remote huge", tool: "slow" } });
  });

  it("never follows a redirect to another origin with the secret", async () => {
    const { id } = await saveServer(servers, "Redirecting", { kind: "http", url: mcp.redirectingUrl, headers });
    const refused = await codedFailure(servers.test(id));
    expect(refused.text).toMatchObject({ code: "MCP_REDIRECT_REFUSED", params: { server: "Redirecting" } });
    expect(elsewhere.received).toEqual([]);
  });

  it("names an HTTP error and an address nothing answers at", async () => {
    const missing = await saveServer(servers, "Wrong path", {
      kind: "http",
      url: `${new URL(mcp.url).origin}/redirect-nowhere`,
      headers: [],
    });
    const notFound = await codedFailure(servers.test(missing.id));
    expect(notFound.text).toMatchObject({ code: "MCP_HTTP_STATUS", params: { server: "Wrong path", status: 404 } });
    const closed = await saveServer(servers, "Nobody", { kind: "http", url: "http://127.0.0.1:9/mcp", headers: [] });
    expect((await codedFailure(servers.test(closed.id))).text).toMatchObject({
      code: "MCP_UNREACHABLE",
      params: { server: "Nobody" },
    });
  });
});
