import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer } from "./faults.ts";
import { seededLetters } from "../support/seeded-letters.ts";
import { streamWithoutUsage } from "../support/usage-less-stream.ts";
import { chatUntilDone, startFaultBench, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
beforeAll(async () => {
  bench = await startFaultBench();
});
afterAll(() => bench.close());

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
      answer(200, streamWithoutUsage(seededLetters(500_000, 45)), { "content-type": "text/event-stream" }),
      1,
    );
    const { reply } = await chatUntilDone(bench.services, "Type at random");
    expect(reply).toMatchObject({ status: "complete", meta: { tokensEstimated: true } });
    expect(reply.meta?.outputTokens).toBeGreaterThan(0);
  });
});
