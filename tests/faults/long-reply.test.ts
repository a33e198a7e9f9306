import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer } from "./faults.ts";
import { chatUntilDone, startFaultBench, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
beforeAll(async () => {
  bench = await startFaultBench();
});
afterAll(() => bench.close());

/** A streamed reply of `text` in events of 10,000 characters, with no usage anywhere. */
function streamWithoutUsage(text: string): string {
  const events: string[] = [];
  for (let start = 0; start < text.length; start += 10_000) {
    const chunk = { id: "chatcmpl-long", object: "chat.completion.chunk", created: 0, model: "chat-fast" };
    const delta = { content: text.slice(start, start + 10_000) };
    events.push(`data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
  }
  return `${events.join("")}data: [DONE]\n\n`;
}

const randomLetters = (length: number) => {
  let state = 45;
  return Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return String.fromCharCode(97 + (state % 26));
  }).join("");
};

describe("a long reply from a server that reports no usage", () => {
  it("of one letter repeated 999,999 times ends complete, its tokens estimated, and the host answers meanwhile", async () => {
    const text = "a".repeat(999_999);
    bench.proxy.when(
      { method: "POST", path: "/v1/chat/completions" },
      answer(200, streamWithoutUsage(text), { "content-type": "text/event-stream" }),
      1,
    );
    const { reply } = await chatUntilDone(bench.services, "Say a forever");
    expect(reply).toMatchObject({ status: "complete", meta: { tokensEstimated: true } });
    expect(reply.content).toHaveLength(text.length);
    expect(reply.meta?.outputTokens).toBeGreaterThan(0);
    expect(bench.services.conversations.list().length).toBeGreaterThan(0);
  });

  it("of 500,000 random letters, which the tokenizer can refuse, still ends complete with an estimate", async () => {
    bench.proxy.when(
      { method: "POST", path: "/v1/chat/completions" },
      answer(200, streamWithoutUsage(randomLetters(500_000)), { "content-type": "text/event-stream" }),
      1,
    );
    const { reply } = await chatUntilDone(bench.services, "Type at random");
    expect(reply).toMatchObject({ status: "complete", meta: { tokensEstimated: true } });
    expect(reply.meta?.outputTokens).toBeGreaterThan(0);
  });
});
