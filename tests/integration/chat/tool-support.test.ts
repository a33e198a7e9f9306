import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { KEYS, startTestGateway, type TestGateway } from "../../support/local-gateway.ts";
import { testMcpStdio } from "../../support/mcp/test-mcp-launch.ts";
import { doneOf, lastCall, roundsWhen } from "../../support/reply-stream.ts";
import { startServices } from "../../support/services-fixture.ts";
import { startVariantServer, type VariantServer } from "../../support/variant-server.ts";

/** A server Settings holds whose command does not exist: it can never list its tools. */
const BROKEN_SERVER = {
  name: "Broken server",
  enabled: true,
  transport: { kind: "stdio" as const, command: "/nonexistent/modeldesk-mcp", args: [], env: [] },
};

/** A conversation offering the tools of the test server and of the broken one (each saved once). */
async function withTools(services: AppServices, settings: { model?: string; wireFormat?: "chat-completions" }) {
  const saved = (name: string) => services.mcp.list().find((server) => server.name === name);
  const working =
    saved("Test server") ??
    (await services.mcp.save({ name: "Test server", enabled: true, transport: testMcpStdio() }));
  const broken = saved(BROKEN_SERVER.name) ?? (await services.mcp.save(BROKEN_SERVER));
  const id = services.conversations.create({ ...services.chat.defaultSettings(), ...settings }).id;
  services.conversationTools.save(id, { servers: [working.id, broken.id], alwaysAllowed: [], turnCostCap: 1 });
  return { id, working: working.id };
}

describe("a tool-using turn on our gateway", () => {
  let gateway: TestGateway;
  let services: AppServices;
  beforeAll(async () => {
    gateway = await startTestGateway({ models: [{ code: "chat-fast", kind: "chat" }] });
    services = await startServices(gateway.url, KEYS.main.key);
  });
  afterAll(async () => {
    await services.close();
    await gateway.close();
  });

  it("stops one running call alone: the model is told, and the turn goes on to its answer", async () => {
    const { page, received } = recordingPage();
    const { id, working } = await withTools(services, {});
    services.conversationTools.allowForGood(id, `${working}/slow`);
    const run = await services.chat.send(page, id, 'Call slow {"ms":600000}', false);
    const running = await roundsWhen(received, run.streamId, (rounds) => lastCall(rounds)?.state === "running");
    services.tooling.approvals.stop(run.assistantMessageId, lastCall(running)!.id);
    const reply = await doneOf(received, run.streamId);
    expect(reply.status).toBe("complete");
    expect(reply.meta?.toolRounds?.[0]?.calls[0]).toMatchObject({
      tool: "slow",
      state: "stopped",
      isError: true,
      result: null,
    });
    expect(reply.meta?.rounds).toBe(2);
    expect(reply.content).toMatch(/user stopped this tool call/);
    // Only a running call can be stopped.
    expect(() => services.tooling.approvals.stop(run.assistantMessageId, lastCall(running)!.id)).toThrow(
      expect.objectContaining({ code: "TOOL_CALL_NOT_RUNNING" }),
    );
  });

  it("names a chosen server whose tools could not be listed, and uses the others", async () => {
    const { page, received } = recordingPage();
    const { id, working } = await withTools(services, {});
    services.conversationTools.allowForGood(id, `${working}/echo`);
    const run = await services.chat.send(page, id, 'echo {"text":"still here"}', false);
    const reply = await doneOf(received, run.streamId);
    expect(reply.status).toBe("complete");
    expect(reply.content).toContain("still here");
    expect(reply.meta?.toolNotes).toEqual([
      expect.objectContaining({
        code: "TOOLS_SERVER_LEFT_OUT",
        params: expect.objectContaining({ server: "Broken server" }),
      }),
    ]);
  });
});

describe("a server whose model does not take tools", () => {
  let variant: VariantServer;
  let services: AppServices;
  beforeAll(async () => {
    variant = await startVariantServer();
    services = await startServices(variant.url, "sk-variant-0000-0001");
  });
  afterAll(async () => {
    await services.close();
    await variant.close();
  });

  const chatRequests = () => variant.requests.filter((request) => request.path === "/v1/chat/completions").length;

  async function ask(id: string) {
    const { page, received } = recordingPage();
    const before = chatRequests();
    const run = await services.chat.send(page, id, "echo hello", false);
    const reply = await doneOf(received, run.streamId);
    return { reply, requests: chatRequests() - before };
  }

  it("learns it from a refusal naming tools, asks again without them, and says so once", async () => {
    const { id } = await withTools(services, { model: "no-tools", wireFormat: "chat-completions" });
    const first = await ask(id);
    expect(first.reply.status).toBe("complete");
    expect(first.reply.meta?.toolNotes?.map((note) => note.code)).toContain("TOOLS_NOT_TAKEN");
    expect(first.requests).toBe(2);
    expect(services.capabilities.get(services.vault.resolveId()).toolInput).toMatchObject({ "no-tools": "refuses" });

    const second = await ask(id);
    expect(second.reply.status).toBe("complete");
    expect(second.requests).toBe(1);
    expect(second.reply.meta?.toolNotes?.map((note) => note.code) ?? []).not.toContain("TOOLS_NOT_TAKEN");
  });

  it("knows it from the model list's supported parameters, and never sends the tools", async () => {
    await services.capabilities.check(services.vault.resolveId());
    expect(services.capabilities.get(services.vault.resolveId()).toolInput).toMatchObject({
      "listed-no-tools": "refuses",
    });
    const { id } = await withTools(services, { model: "listed-no-tools", wireFormat: "chat-completions" });
    const { reply, requests } = await ask(id);
    expect(reply.status).toBe("complete");
    expect(requests).toBe(1);
    expect(reply.meta?.toolNotes?.map((note) => note.code)).toContain("TOOLS_NOT_TAKEN");
  });
});
