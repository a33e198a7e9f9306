import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAM_STALL_MS } from "../../electron/services/gateway-client/answer-limits.ts";
import { stallAfter } from "./faults.ts";
import { chatUntilDone, startFaultBench, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
beforeAll(async () => {
  // The stall timeout shrunk from STREAM_STALL_MS: the proxy holds the stream for ever either way.
  bench = await startFaultBench({ limits: { streamStallMs: 300 } });
});
afterAll(() => bench.close());

describe("a stream that stops sending bytes", () => {
  it(`is given up after the stall timeout (${STREAM_STALL_MS / 1000} s in the app), keeping what came, with a notice`, async () => {
    // Through the first SSE event, then silence with the connection open.
    bench.proxy.when({ method: "POST", path: "/v1/chat/completions" }, stallAfter(600), 1);
    const { reply, errors } = await chatUntilDone(bench.services, "Tell me a long story");
    expect(errors.at(-1)).toMatchObject({ code: "STREAM_STALLED", retrying: false });
    expect(errors.at(-1)!.message).toContain("0.3 s");
    expect(reply.error).toMatchObject({ code: "STREAM_STALLED" });
    expect(reply.status).toBe("interrupted");
    expect(reply.content.length).toBeGreaterThan(0);
  });

  it("is given up when no byte of the body comes at all after the headers", async () => {
    bench.proxy.when({ method: "POST", path: "/v1/chat/completions" }, stallAfter(0), 1);
    const { reply } = await chatUntilDone(bench.services);
    expect(reply).toMatchObject({ status: "error", content: "", error: { code: "STREAM_STALLED" } });
  });
});
