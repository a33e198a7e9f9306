import { afterEach, describe, expect, it } from "vitest";
import { MCP_TOOL_LIMITS } from "../../../shared/ipc/mcp.ts";
import type { McpServers } from "../../../electron/services/mcp/mcp-servers.ts";
import { waitUntil } from "../../support/local-gateway.ts";
import { childrenRunning, codedFailure, mcpServersOnDisk, saveServer } from "../../support/mcp/mcp-fixture.ts";
import { HUGE_CHARS, TEST_TOOL_NAMES } from "../../support/mcp/test-mcp-tools.ts";
import { STDIO_ONLY_TOOLS, TEST_MCP_SERVER_SCRIPT, testMcpStdio } from "../../support/mcp/test-mcp-launch.ts";

const SECRET = "stdio-secret-5e1b7d";
const opened: McpServers[] = [];

/** Servers with the test server saved as "Test server", its environment holding a secret. */
async function withTestServer(timing = {}) {
  const { servers } = mcpServersOnDisk(timing);
  opened.push(servers);
  const { id } = await saveServer(
    servers,
    "Test server",
    testMcpStdio([{ name: "TEST_SECRET", value: SECRET, secret: true }]),
  );
  return { servers, id };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((servers) => servers.close()));
});

describe("an MCP server over stdio", () => {
  it("is started on first use, lists its tools and answers calls", async () => {
    const { servers, id } = await withTestServer();
    expect(servers.runningIds()).toEqual([]);
    const test = await servers.test(id);
    expect(test.tools.map((tool) => tool.name)).toEqual([...TEST_TOOL_NAMES, ...STDIO_ONLY_TOOLS]);
    expect(test.tools[0]).toMatchObject({
      name: "echo",
      description: "Returns its text.",
      inputSchema: { type: "object" },
    });
    expect(servers.runningIds()).toEqual([id]);

    expect(await servers.callTool(id, "echo", { text: "hello" })).toMatchObject({ text: "hello", isError: false });
    expect((await servers.callTool(id, "add", { a: 2, b: 40 })).text).toBe("42");
    // The secret reaches the server's environment, and only there.
    expect((await servers.callTool(id, "env", { name: "TEST_SECRET" })).text).toBe(
      `TEST_SECRET is set (${SECRET.length} characters)`,
    );
    expect((await servers.callTool(id, "env", { name: "MODELDESK_PROFILE_KEY" })).text).toBe(
      "MODELDESK_PROFILE_KEY is not set",
    );
  });

  it("passes on a failing tool as isError, and a huge answer cut with a note", async () => {
    const { servers, id } = await withTestServer();
    expect(await servers.callTool(id, "fail", {})).toMatchObject({
      isError: true,
      text: "the fail tool failed, as it always does",
    });
    const huge = await servers.callTool(id, "huge", {});
    expect(huge.isError).toBe(false);
    expect(huge.text.length).toBeLessThan(MCP_TOOL_LIMITS.resultChars + 200);
    expect(huge.text).toContain(
      `[cut: the tool returned ${HUGE_CHARS.toLocaleString("en-US")} characters; the first 100,000 are shown]`,
    );
  });

  it("stops a server whose answer is larger than the app reads, and starts it again", async () => {
    const { servers, id } = await withTestServer();
    const tooLarge = await codedFailure(servers.callTool(id, "huge", { chars: 9 * 1024 * 1024 }));
    expect(tooLarge.text).toMatchObject({ code: "MCP_ANSWER_TOO_LARGE", params: { server: "Test server" } });
    expect((await servers.callTool(id, "add", { a: 1, b: 1 })).text).toBe("2");
  });

  it("names the server when a call times out or is stopped, and stays usable", async () => {
    const { servers, id } = await withTestServer({ callMs: 300 });
    const late = await codedFailure(servers.callTool(id, "slow", {}));
    expect(late.text).toMatchObject({
      code: "MCP_CALL_TIMEOUT",
      params: { server: "Test server", tool: "slow", seconds: 1 },
    });
    expect(late.message).toContain('The tool slow of the MCP server "Test server" did not answer');

    const stop = new AbortController();
    const stopped = servers.callTool(id, "slow", { ms: 20_000 }, { signal: stop.signal, timeoutMs: 20_000 });
    stop.abort();
    expect((await codedFailure(stopped)).text.code).toBe("MCP_CALL_CANCELLED");
    expect((await servers.callTool(id, "slow", { ms: 10 })).text).toBe("waited 10 ms");
  });

  it("names a crashed server with its stderr tail, and starts it again on the next use", async () => {
    const { servers, id } = await withTestServer();
    await servers.test(id);
    const crash = await codedFailure(servers.callTool(id, "crash", {}));
    expect(crash.text.code).toBe("MCP_SERVER_EXITED");
    expect(crash.text.params).toMatchObject({ server: "Test server" });
    expect(crash.text.params.stderr).toContain("test server: crashing on purpose (exit 3)");
    expect(await servers.callTool(id, "echo", { text: "again" })).toMatchObject({ text: "again" });
  });

  it("stops a server that hangs in a call, naming it, and starts it again on the next use", async () => {
    const { servers, id } = await withTestServer({ callMs: 300, pingMs: 300 });
    const hung = await codedFailure(servers.callTool(id, "hang", {}));
    expect(hung.text).toMatchObject({ code: "MCP_CALL_TIMEOUT", params: { server: "Test server", tool: "hang" } });
    expect(hung.text.params.stderr).toContain("test server: hanging on purpose");
    // It answers no ping either, so it is stopped.
    await waitUntil(
      async () => childrenRunning(TEST_MCP_SERVER_SCRIPT),
      (pids) => pids.length === 0,
    );
    expect((await servers.callTool(id, "echo", { text: "back" })).text).toBe("back");
  });

  it("names a server that cannot start, or hangs in its handshake, and stops it", async () => {
    const { servers } = mcpServersOnDisk({ startMs: 500 });
    opened.push(servers);
    const missing = await saveServer(servers, "Missing", {
      kind: "stdio",
      command: "/nonexistent/mcp-server",
      args: [],
      env: [],
    });
    expect((await codedFailure(servers.test(missing.id))).text).toMatchObject({
      code: "MCP_START_FAILED",
      params: { server: "Missing" },
    });

    const quitting = ["-e", "console.error('no config file, giving up'); process.exit(1)"];
    const quits = await saveServer(servers, "Quits", {
      kind: "stdio",
      command: process.execPath,
      args: quitting,
      env: [],
    });
    const quit = await codedFailure(servers.test(quits.id));
    expect(quit.text.code).toBe("MCP_SERVER_EXITED");
    expect(quit.text.params.stderr).toBe("no config file, giving up");

    const hanging = ["-e", "console.error('hanging'); setInterval(() => {}, 1000)", "hang-marker"];
    const hangs = await saveServer(servers, "Hangs", {
      kind: "stdio",
      command: process.execPath,
      args: hanging,
      env: [],
    });
    const hung = await codedFailure(servers.test(hangs.id));
    expect(hung.text).toMatchObject({
      code: "MCP_START_TIMEOUT",
      params: { server: "Hangs", seconds: 1, stderr: "hanging" },
    });
    await waitUntil(
      async () => childrenRunning("hang-marker"),
      (pids) => pids.length === 0,
    );
  });

  it("stops a server whose settings are saved again, and every server on close()", async () => {
    const { servers, id } = await withTestServer();
    await servers.test(id);
    const [first] = childrenRunning(TEST_MCP_SERVER_SCRIPT);
    expect(first).toBeDefined();
    await servers.save({
      id,
      name: "Test server",
      enabled: true,
      transport: testMcpStdio([{ name: "TEST_SECRET", secret: true }]),
    });
    expect(childrenRunning(TEST_MCP_SERVER_SCRIPT)).toEqual([]);
    await servers.test(id);
    expect(childrenRunning(TEST_MCP_SERVER_SCRIPT)).toHaveLength(1);
    await servers.close();
    expect(childrenRunning(TEST_MCP_SERVER_SCRIPT)).toEqual([]);
    expect((await codedFailure(servers.test(id))).text.code).toBe("MCP_STOPPED");
  });

  it("reaches only enabled servers from the chat", async () => {
    const { servers, id } = await withTestServer();
    await servers.save({
      id,
      name: "Test server",
      enabled: false,
      transport: testMcpStdio([{ name: "TEST_SECRET", secret: true }]),
    });
    expect((await codedFailure(servers.callTool(id, "echo", { text: "x" }))).text.code).toBe("MCP_SERVER_DISABLED");
    expect(await servers.enabledTools()).toEqual([]);
    expect((await servers.test(id)).tools).toHaveLength(TEST_TOOL_NAMES.length + STDIO_ONLY_TOOLS.length);
  });
});
