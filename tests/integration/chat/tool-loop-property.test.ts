import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { createMainCore, type MainCore } from "../../../electron/ipc/main-core.ts";
import type { ChatMessage } from "../../../shared/ipc/chat.ts";
import type { ToolCallState } from "../../../shared/ipc/tool-rounds.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, type TestGateway } from "../../support/local-gateway.ts";
import { testMcpStdio } from "../../support/mcp/test-mcp-launch.ts";
import { doneOf, lastCall, roundsWhen } from "../../support/reply-stream.ts";

/*
 * Any sequence of turns that call tools, each answered as a user may (Allow, Always allow, Deny,
 * Stop on the waiting reply; Stop call or Stop on a running one), through the same invoke channels
 * the window uses. Whatever the order, every call ends in one final state, a tool runs only once
 * allowed, a reply is never left open, and each model round is one paid call, never two.
 */

let gateway: TestGateway;
let services: AppServices;
let core: MainCore;
let serverId: string;

beforeAll(async () => {
  gateway = await startTestGateway({ models: [{ code: "chat-fast", kind: "chat" }] });
  services = await startServices(gateway.url, KEYS.main.key);
  core = createMainCore(services);
  serverId = (await services.mcp.save({ name: "Test server", enabled: true, transport: testMcpStdio() })).id;
  await services.capabilities.check(services.vault.resolveId());
});
afterAll(async () => {
  await services.close();
  await gateway.close();
});

/** What the user does about a turn's call: while it waits, and (for `slow`, which never ends alone) while it runs. */
type WaitingAnswer = "allow" | "always" | "deny" | "stop reply";
type RunningAnswer = "stop call" | "stop reply";
interface Turn {
  readonly tool: "echo" | "add" | "fail" | "slow";
  readonly waiting: WaitingAnswer;
  readonly running: RunningAnswer;
}

const turnArbitrary: fc.Arbitrary<Turn> = fc.record({
  tool: fc.constantFrom("echo", "add", "fail", "slow"),
  waiting: fc.constantFrom("allow", "always", "deny", "stop reply"),
  running: fc.constantFrom("stop call", "stop reply"),
});

const PROMPTS: Record<Turn["tool"], (index: number) => string> = {
  echo: (index) => `Please echo {"text":"pool ${index}"}`,
  add: (index) => `Use add {"a":${index},"b":2}`,
  fail: () => "Call fail please",
  slow: () => 'Call slow {"ms":60000}',
};

async function invoke(channel: string, payload: unknown, page: ReturnType<typeof recordingPage>["page"]) {
  const result = await core.route(channel, payload, page);
  if (!result.ok) throw new Error(`${channel} refused: ${JSON.stringify(result.error)}`);
  return result.data;
}

const paidCallsOf = (messageId: string) =>
  services.db.prepare("SELECT COUNT(*) AS n FROM request_log WHERE message_id = ? AND chargeable = 1").get(messageId)
    ?.n;

/** What a turn must end as, given what the user did and whether its tool was already always allowed. */
function expectedEnd(turn: Turn, allowedBefore: boolean): { call: ToolCallState; reply: ChatMessage["status"] } {
  const answered = allowedBefore ? "allow" : turn.waiting;
  if (answered === "deny") return { call: "denied", reply: "complete" };
  if (answered === "stop reply") return { call: "stopped", reply: "stopped" };
  if (turn.tool === "slow") return { call: "stopped", reply: turn.running === "stop reply" ? "stopped" : "complete" };
  return { call: turn.tool === "fail" ? "failed" : "done", reply: "complete" };
}

async function playTurn(conversationId: string, turn: Turn, index: number, allowedBefore: boolean) {
  const { page, received } = recordingPage();
  const run = await services.chat.send(page, conversationId, PROMPTS[turn.tool](index), false);
  const messageId = run.assistantMessageId;
  const first = await roundsWhen(received, run.streamId, (rounds) => lastCall(rounds) !== undefined);
  const call = lastCall(first);
  if (!call) throw new Error("the model made no call");
  if (allowedBefore) {
    expect(call.state).not.toBe("waiting");
  } else {
    expect(call.state).toBe("waiting");
    if (turn.waiting === "stop reply") services.streams.cancel(run.streamId, page.id);
    else {
      const decision = turn.waiting === "deny" ? "deny" : "allow";
      await invoke(
        "chat.toolDecision",
        { conversationId, messageId, callId: call.id, decision, always: turn.waiting === "always" },
        page,
      );
    }
  }
  const goesOn = allowedBefore || turn.waiting === "allow" || turn.waiting === "always";
  if (turn.tool === "slow" && goesOn) {
    await roundsWhen(received, run.streamId, (rounds) => lastCall(rounds)?.state === "running");
    if (turn.running === "stop call") await invoke("chat.stopToolCall", { messageId, callId: call.id }, page);
    else services.streams.cancel(run.streamId, page.id);
  }
  return { messageId, reply: await doneOf(received, run.streamId) };
}

describe("the tool loop under any sequence of answers", () => {
  it("ends every call once, runs tools only when allowed and pays one call per model round", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(turnArbitrary, { minLength: 1, maxLength: 4 }), async (turns) => {
        const conversationId = services.conversations.create(services.chat.defaultSettings()).id;
        services.conversationTools.save(conversationId, { servers: [serverId], alwaysAllowed: [], turnCostCap: 1 });
        const alwaysAllowed = new Set<string>();
        for (const [index, turn] of turns.entries()) {
          const allowedBefore = alwaysAllowed.has(turn.tool);
          const { messageId, reply } = await playTurn(conversationId, turn, index, allowedBefore);
          const expected = expectedEnd(turn, allowedBefore);
          expect(reply.status).toBe(expected.reply);
          const calls = reply.meta?.toolRounds?.flatMap((round) => round.calls) ?? [];
          expect(calls.map((call) => call.state)).toEqual([expected.call]);
          if (expected.call === "done")
            expect(calls[0]?.result).toContain(turn.tool === "echo" ? `pool ${index}` : String(index + 2));
          if (expected.call === "denied" || (expected.call === "stopped" && turn.tool !== "slow")) {
            expect(calls[0]?.result ?? "").not.toMatch(/pool|waited/);
          }
          // A reply that went on after its call asked the model again: two rounds, two paid calls.
          expect(paidCallsOf(messageId)).toBe(expected.reply === "complete" ? 2 : 1);
          if (!allowedBefore && turn.waiting === "always") alwaysAllowed.add(turn.tool);
          const saved = services.conversationTools.get(conversationId).alwaysAllowed;
          expect(new Set(saved)).toEqual(new Set([...alwaysAllowed].map((tool) => `${serverId}/${tool}`)));
        }
        // Whatever happened, the history stays one the model takes: a plain question is answered.
        const { page, received } = recordingPage();
        const last = await services.chat.send(page, conversationId, "Thanks, that is all", false);
        expect((await doneOf(received, last.streamId)).status).toBe("complete");
        expect(services.conversations.detail(conversationId).messages).toHaveLength(2 * turns.length + 2);
      }),
      { seed: 4711, numRuns: 12 },
    );
  });
});
