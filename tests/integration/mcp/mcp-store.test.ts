import { describe, expect, it } from "vitest";
import { MCP_SERVERS_KEY } from "../../../electron/services/mcp/stored-mcp-server.ts";
import { codedFailure, mcpServersOnDisk, saveServer } from "../../support/mcp/mcp-fixture.ts";
import { testMcpStdio } from "../../support/mcp/test-mcp-launch.ts";

const ENV_SECRET = "env-secret-7f3a9c1e5b";
const HEADER_SECRET = "Bearer header-secret-2d8e4f6a0c";

describe("MCP servers in the settings file", () => {
  it("keeps secrets encrypted at rest and out of every view", async () => {
    const { servers, settingsText } = mcpServersOnDisk();
    const stdio = await saveServer(
      servers,
      "Files",
      testMcpStdio([
        { name: "API_TOKEN", value: ENV_SECRET, secret: true },
        { name: "LOG_LEVEL", value: "debug", secret: false },
      ]),
    );
    await saveServer(servers, "Remote", {
      kind: "http",
      url: "https://mcp.example.com/mcp",
      headers: [{ name: "Authorization", value: HEADER_SECRET, secret: true }],
    });

    const text = settingsText();
    expect(text).toContain("API_TOKEN");
    expect(text).not.toContain(ENV_SECRET);
    expect(text).not.toContain(HEADER_SECRET);
    const views = JSON.stringify(servers.list());
    expect(views).not.toContain(ENV_SECRET);
    expect(views).not.toContain(HEADER_SECRET);
    expect(stdio.transport).toMatchObject({
      env: [
        { name: "API_TOKEN", secret: true, saved: true },
        { name: "LOG_LEVEL", secret: false, value: "debug" },
      ],
    });
    expect(servers.store.launchOf(stdio.id).transport).toMatchObject({ env: { API_TOKEN: ENV_SECRET } });
  });

  it("keeps a stored secret when it is saved again without a value, and asks for a new one's", async () => {
    const { servers } = mcpServersOnDisk();
    const saved = await saveServer(
      servers,
      "Files",
      testMcpStdio([{ name: "API_TOKEN", value: ENV_SECRET, secret: true }]),
    );
    await servers.save({
      id: saved.id,
      name: "Files renamed",
      enabled: false,
      transport: testMcpStdio([{ name: "API_TOKEN", secret: true, value: "" }]),
    });
    expect(servers.store.launchOf(saved.id)).toMatchObject({
      name: "Files renamed",
      enabled: false,
      transport: { env: { API_TOKEN: ENV_SECRET } },
    });

    const missing = await codedFailure(
      servers.save({
        id: saved.id,
        name: "Files",
        enabled: true,
        transport: testMcpStdio([{ name: "OTHER", secret: true }]),
      }),
    );
    expect(missing.text).toMatchObject({ code: "MCP_SECRET_REQUIRED", params: { name: "OTHER" } });
  });

  it("sends secret headers only to the origin they were saved for", async () => {
    const { servers, settings, settingsText } = mcpServersOnDisk();
    const headers = [{ name: "Authorization", value: HEADER_SECRET, secret: true }];
    const saved = await saveServer(servers, "Remote", { kind: "http", url: "https://mcp.example.com/mcp", headers });
    const kept = [{ name: "Authorization", secret: true }];
    // Another path of the same origin keeps it; another origin needs it typed again.
    await servers.save({
      id: saved.id,
      name: "Remote",
      enabled: true,
      transport: { kind: "http", url: "https://mcp.example.com/v2", headers: kept },
    });
    const moved = await codedFailure(
      servers.save({
        id: saved.id,
        name: "Remote",
        enabled: true,
        transport: { kind: "http", url: "https://evil.example.net/mcp", headers: kept },
      }),
    );
    expect(moved.text.code).toBe("MCP_SECRET_AGAIN");

    // A settings file edited by hand to point elsewhere does not take the secret along.
    const edited = settingsText().replace("https://mcp.example.com/v2", "https://evil.example.net/mcp");
    const stored = JSON.parse(edited) as Record<string, unknown>;
    settings.set(MCP_SERVERS_KEY, stored[MCP_SERVERS_KEY]);
    expect(servers.store.launchOf(saved.id).transport).toMatchObject({
      url: "https://evil.example.net/mcp",
      headers: {},
    });
  });

  it("refuses a second server of the same name and a removed server's id", async () => {
    const { servers } = mcpServersOnDisk();
    const saved = await saveServer(servers, "Files", testMcpStdio());
    expect((await codedFailure(saveServer(servers, "files", testMcpStdio()))).text.code).toBe("MCP_NAME_TAKEN");
    expect(await servers.remove(saved.id)).toBe(true);
    expect(await servers.remove(saved.id)).toBe(false);
    expect((await codedFailure(servers.test(saved.id))).text.code).toBe("MCP_SERVER_NOT_FOUND");
  });
});
