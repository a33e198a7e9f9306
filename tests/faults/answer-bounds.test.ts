import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_ERROR_BODY_BYTES,
  MAX_JSON_BODY_BYTES,
  MAX_SSE_LINE_BYTES,
} from "../../electron/services/gateway-client/answer-limits.ts";
import type { GatewayError } from "../../electron/services/gateway-client/gateway-error.ts";
import { MAX_REPLY_CHARS } from "../../electron/services/chat/reply-round.ts";
import { endlessBody, trickle } from "./faults.ts";
import { chatUntilDone, startFaultBench, type FaultBench } from "./fault-setup.ts";

// What sockets and stream queues may hold past a bound before the reader's cancel reaches the proxy.
const IN_FLIGHT_SLACK = 8 * 1024 * 1024;
const chunk = (text: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`;

let bench: FaultBench;
beforeAll(async () => {
  bench = await startFaultBench();
});
afterAll(() => bench.close());

const balanceFailure = () =>
  bench.services.budget.snapshot(bench.services.vault.resolveId()).then(
    () => null,
    (error: unknown) => error as GatewayError,
  );

describe("answers are read within bounds", () => {
  it("a balance body that never ends fails as too large once past the JSON cap", async () => {
    bench.proxy.clear();
    const before = bench.proxy.bytesWritten;
    bench.proxy.when({ path: "/v1/balance" }, endlessBody("application/json", '{"balance":', "1".repeat(65_536)), 1);
    const failure = await balanceFailure();
    expect(failure).toMatchObject({ code: "ANSWER_TOO_LARGE" });
    expect(bench.proxy.bytesWritten - before).toBeLessThan(MAX_JSON_BODY_BYTES + IN_FLIGHT_SLACK);
  });

  it("an error answer that never ends is read only for its first words", async () => {
    bench.proxy.clear();
    const before = bench.proxy.bytesWritten;
    bench.proxy.when(
      { path: "/v1/balance" },
      async (exchange) => {
        exchange.request.resume();
        exchange.response.writeHead(500, { "content-type": "text/plain" });
        while (await exchange.write("Internal trouble. ".repeat(4096)));
      },
      1,
    );
    const failure = await balanceFailure();
    expect(failure).toMatchObject({ code: "HTTP_500", status: 500 });
    expect(failure!.message).toContain("Internal trouble.");
    expect(bench.proxy.bytesWritten - before).toBeLessThan(MAX_ERROR_BODY_BYTES + IN_FLIGHT_SLACK);
  });

  it("a body that trickles a byte at a time fails once the body's time is up, not only the headers'", async () => {
    const hurried = await startFaultBench({ limits: { bodyTimeoutMs: 300 } });
    try {
      hurried.proxy.when({ path: "/v1/balance" }, trickle("application/json", 50), 1);
      const failure = await hurried.services.budget
        .snapshot(hurried.services.vault.resolveId())
        .catch((e: unknown) => e);
      expect(failure).toMatchObject({ code: "ANSWER_TIMED_OUT" });
    } finally {
      await hurried.close();
    }
  });

  it("an SSE line that never ends stops the reply at the line cap, and the reply ends", async () => {
    bench.proxy.clear();
    const before = bench.proxy.bytesWritten;
    bench.proxy.when(
      { method: "POST", path: "/v1/chat/completions" },
      endlessBody(
        "text/event-stream",
        chunk("Start. ") + 'data: {"choices":[{"delta":{"content":"',
        "x".repeat(65_536),
      ),
      1,
    );
    const { reply, errors } = await chatUntilDone(bench.services);
    expect(reply).toMatchObject({ status: "interrupted", content: "Start. ", error: { code: "SSE_LINE_TOO_LONG" } });
    expect(errors.at(-1)).toMatchObject({ code: "SSE_LINE_TOO_LONG", retrying: false });
    expect(bench.proxy.bytesWritten - before).toBeLessThan(MAX_SSE_LINE_BYTES + IN_FLIGHT_SLACK);
  });

  it("an endless valid stream is cut at the reply's length, kept, and the connection let go", async () => {
    bench.proxy.clear();
    const before = bench.proxy.bytesWritten;
    bench.proxy.when(
      { method: "POST", path: "/v1/chat/completions" },
      endlessBody("text/event-stream", chunk("Once"), chunk(" upon a time".repeat(100))),
      1,
    );
    const { reply, errors, conversation } = await chatUntilDone(bench.services);
    expect(reply).toMatchObject({ status: "interrupted", error: { code: "REPLY_TOO_LONG" } });
    expect(reply.content).toHaveLength(MAX_REPLY_CHARS);
    expect(errors.at(-1)).toMatchObject({ code: "REPLY_TOO_LONG" });
    const stored = bench.services.conversations.messages(conversation.id).at(-1)!;
    expect(stored).toMatchObject({ id: reply.id, status: "interrupted" });
    expect(stored.content).toHaveLength(MAX_REPLY_CHARS);
    expect(bench.proxy.bytesWritten - before).toBeLessThan(MAX_REPLY_CHARS * 2 + IN_FLIGHT_SLACK);
  });
});
