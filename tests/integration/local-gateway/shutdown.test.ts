import { once } from "node:events";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { gatewayCharges } from "../budget/budget-session.ts";
import { startTestGateway } from "../../support/local-gateway.ts";

describe("closing the gateway", () => {
  it("does not wait on a connection that never sent a request", async () => {
    const gateway = await startTestGateway();
    // An HTTP client may open a connection and then send its request on another one.
    const unused = connect(Number(new URL(gateway.url).port), "127.0.0.1");
    await once(unused, "connect");
    const unusedClosed = once(unused, "close");

    await gateway.close();
    await unusedClosed;
    expect(unused.destroyed).toBe(true);
  });

  it("cuts a reply that is still streaming and charges what it delivered", async () => {
    // About a token a second: the reply would take minutes to end on its own.
    const gateway = await startTestGateway({ timeScale: 1, firstTokenDelayMs: 0, tokensPerSecond: 1 });
    const response = await gateway.call("/v1/chat/completions", {
      body: { model: "chat-fast", stream: true, messages: [{ role: "user", content: "Tell me a long story" }] },
    });
    const requestId = response.headers.get("x-request-id");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    while (!/"content":"[^"]/.test(received)) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended before its first words");
      received += decoder.decode(value, { stream: true });
    }

    await gateway.close();
    await expect(readToEnd(reader)).rejects.toThrow();
    expect(gatewayCharges(gateway).map((charge) => charge.request_id)).toEqual([requestId]);
  });
});

async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  for (;;) if ((await reader.read()).done) return;
}
