import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
import { testMcpStdio } from "../../support/mcp/test-mcp-launch.ts";
import { doneOf, lastCall, roundsWhen } from "../../support/reply-stream.ts";

let gateway: TestGateway;
let services: AppServices;
let serverId: string;

beforeAll(async () => {
  gateway = await startTestGateway({ models: [{ code: "chat-fast", kind: "chat" }] });
  services = await startServices(gateway.url, KEYS.main.key, undefined, { mcpTiming: { callMs: 3_000 } });
  serverId = (await services.mcp.save({ name: "Test server", enabled: true, transport: testMcpStdio() })).id;
  // The cap is held against the model's prices, which the server's list publishes.
  await services.capabilities.check(services.vault.resolveId());
});
afterAll(async () => {
  await services.close();
  await gateway.close();
});

function conversationWithTools(wireFormat: "chat-completions" | "messages", turnCostCap = 1) {
  const id = services.conversations.create({ ...services.chat.defaultSettings(), wireFormat }).id;
  services.conversationTools.save(id, { servers: [serverId], alwaysAllowed: [], turnCostCap });
  return id;
}

/** The paid calls the ledger links to a reply: one per model round. */
const paidCallsOf = (messageId: string) =>
  Number(
    (
      services.db
        .prepare("SELECT COUNT(*) AS n FROM request_log WHERE message_id = ? AND chargeable = 1")
        .get(messageId) as { n: number }
    ).n,
  );

describe("a turn that uses tools", () => {
  it.each(["chat-completions", "messages"] as const)(
    "in %s: the call waits for Allow, runs on the MCP server, and the model answers with its result",
    async (wireFormat) => {
      const { page, received } = recordingPage();
      const id = conversationWithTools(wireFormat);
      const run = await services.chat.send(page, id, 'Please echo {"text":"tidal pools"}', false);
      const waiting = await roundsWhen(received, run.streamId, (rounds) => lastCall(rounds)?.state === "waiting");
      expect(lastCall(waiting)).toMatchObject({
        server: "Test server",
        tool: "echo",
        name: "Test_server__echo",
        arguments: '{"text":"tidal pools"}',
      });
      // Written ahead while it waits: a crash now keeps the call.
      expect(services.conversations.detail(id).messages.at(-1)?.meta?.toolRounds?.[0]?.calls[0]?.state).toBe("waiting");
      services.tooling.approvals.decide(run.assistantMessageId, lastCall(waiting)!.id, "allow");
      const reply = await doneOf(received, run.streamId);
      expect(reply.status).toBe("complete");
      expect(reply.meta?.toolRounds?.[0]?.calls[0]).toMatchObject({
        state: "done",
        result: "tidal pools",
        isError: false,
      });
      expect(reply.content).toContain("tidal pools");
      // Each model round is its own paid call, linked to the reply.
      expect(paidCallsOf(run.assistantMessageId)).toBe(2);
      await waitUntil(
        async () => services.conversations.detail(id).messages.at(-1)?.cost?.amount ?? 0,
        (amount) => amount > 0,
      );
    },
  );

  it("a denied call is not run; the model is told and answers in text", async () => {
    const { page, received } = recordingPage();
    const id = conversationWithTools("chat-completions");
    const run = await services.chat.send(page, id, 'Use add {"a":2,"b":3}', false);
    const waiting = await roundsWhen(received, run.streamId, (rounds) => lastCall(rounds)?.state === "waiting");
    services.tooling.approvals.decide(run.assistantMessageId, lastCall(waiting)!.id, "deny");
    const reply = await doneOf(received, run.streamId);
    expect(reply.meta?.toolRounds?.[0]?.calls[0]).toMatchObject({ state: "denied", result: null });
    expect(reply.content).toContain("denied");
  });

  it("stops before a round its cost cap cannot cover, and says so", async () => {
    const { page, received } = recordingPage();
    const id = conversationWithTools("chat-completions", 0.000001);
    services.conversationTools.allowForGood(id, `${serverId}/echo`);
    const run = await services.chat.send(page, id, 'echo {"text":"x"}', false);
    const reply = await doneOf(received, run.streamId);
    expect(reply.meta?.toolNotice).toMatchObject({ code: "TOOL_CAP_REACHED", params: { round: 2 } });
    expect(reply.meta?.toolRounds).toHaveLength(1);
    expect(paidCallsOf(run.assistantMessageId)).toBe(1);
  });

  it("Stop while a call waits ends the reply as stopped, the call with it", async () => {
    const { page, received } = recordingPage();
    const id = conversationWithTools("chat-completions");
    const run = await services.chat.send(page, id, 'echo {"text":"never"}', false);
    await roundsWhen(received, run.streamId, (rounds) => lastCall(rounds)?.state === "waiting");
    services.streams.cancel(run.streamId, page.id);
    const reply = await doneOf(received, run.streamId);
    expect(reply.status).toBe("stopped");
    expect(reply.meta?.toolRounds?.[0]?.calls[0]?.state).toBe("stopped");
  });
  // Last: a server stopped for hanging is started again on its next use, not during this one.
  it("a failing tool and a tool that hangs come back as failed results, named, and the turn goes on", async () => {
    const { page, received } = recordingPage();
    const id = conversationWithTools("messages");
    services.conversationTools.allowForGood(id, `${serverId}/fail`);
    services.conversationTools.allowForGood(id, `${serverId}/hang`);
    const failed = await services.chat.send(page, id, "Call fail please", false);
    const first = await doneOf(received, failed.streamId);
    expect(first.meta?.toolRounds?.[0]?.calls[0]).toMatchObject({ tool: "fail", state: "failed", isError: true });
    const hung = await services.chat.send(page, id, "Now call hang", false);
    const second = await doneOf(received, hung.streamId);
    expect(second.meta?.toolRounds?.[0]?.calls[0]).toMatchObject({ tool: "hang", state: "failed", isError: true });
    expect(second.meta?.toolRounds?.[0]?.calls[0]?.result).toMatch(/Test server/);
    expect(second.status).toBe("complete");
  });
});
