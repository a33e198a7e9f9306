import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatUntilDone, startFaultBench, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
beforeAll(async () => {
  bench = await startFaultBench();
});
afterAll(() => bench.close());

describe("a profile whose key cannot be used", () => {
  it("ends the reply with the reason and a done, instead of thinking for ever", async () => {
    const { vault } = bench.services;
    const profile = vault.state().profiles.find((candidate) => candidate.id === vault.resolveId())!;
    // Moved to another origin: the key stays behind, bound to the origin it was saved for.
    vault.save({ id: profile.id, name: profile.name, auth: profile.auth, baseUrl: "http://127.0.0.1:9/" });
    const { reply, errors, events } = await chatUntilDone(bench.services);
    expect(reply).toMatchObject({ status: "error", error: { code: "KEY_MISSING" } });
    expect(errors.at(-1)).toMatchObject({ code: "KEY_MISSING", retrying: false });
    expect(events.at(-1)!.kind).toBe("done");
    expect(bench.services.streams.openCount).toBe(0);
    expect(bench.services.conversations.messages(reply.conversationId).at(-1)).toMatchObject({
      id: reply.id,
      status: "error",
    });
  });
});
