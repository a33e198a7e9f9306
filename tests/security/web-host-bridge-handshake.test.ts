import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { BridgeProofSchema, bridgeProof, newChallenge } from "../../shared/ipc/bridge-handshake.ts";
import { invoke, nextFrame, openSocketAt } from "../support/bridge-client.ts";
import { openBridge, startHostFixture, stillServes, type HostFixture } from "./web-host-fixture.ts";

let fixture: HostFixture;
beforeAll(async () => {
  fixture = await startHostFixture();
});
afterAll(() => fixture.close());

const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.once("close", resolve));

describe("the bridge handshake, from a client that does not hold the secret", () => {
  it("answers no call made before the page has proven itself, and closes with 1008", async () => {
    const ws = await openSocketAt(fixture.host.url);
    const closed = closeCode(ws);
    await expect(invoke(ws, "profiles.list")).rejects.toThrow(/1008/);
    expect(await closed).toBe(1008);
  });

  it("refuses a made-up answer to its challenge: the next thing it hears is the close, 1008", async () => {
    const ws = await openSocketAt(fixture.host.url);
    ws.send(JSON.stringify({ t: "hello", challenge: newChallenge() }));
    const proof = BridgeProofSchema.parse(await nextFrame(ws));
    const wrongSecret = "0".repeat(48);
    const next = nextFrame(ws);
    ws.send(
      JSON.stringify({ t: "auth", proof: await bridgeProof(wrongSecret, "page", fixture.host.url, proof.challenge) }),
    );
    await expect(next).rejects.toThrow(/1008/);
  });

  it("refuses the host's own proof sent back as the page's", async () => {
    const ws = await openSocketAt(fixture.host.url);
    const challenge = newChallenge();
    ws.send(JSON.stringify({ t: "hello", challenge }));
    const proof = BridgeProofSchema.parse(await nextFrame(ws));
    const next = nextFrame(ws);
    // A relay that echoes: the host's answer to its own challenge, were the roles not part of the proof.
    ws.send(JSON.stringify({ t: "auth", proof: proof.proof }));
    await expect(next).rejects.toThrow(/1008/);
  });

  it("lets the page that holds the secret through, and keeps serving", async () => {
    const ws = await openBridge(fixture);
    expect((await invoke(ws, "profiles.list")).ok).toBe(true);
    ws.close();
    expect(await stillServes(fixture)).toBe(true);
  });
});
