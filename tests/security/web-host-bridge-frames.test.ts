import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REFERENCE_IMAGE_MAX_BYTES } from "../../shared/ipc/tasks.ts";
import { invoke } from "../support/bridge-client.ts";
import {
  openBridge,
  requestText,
  startHostFixture,
  stillServes,
  upgradeHeaders,
  type HostFixture,
} from "./web-host-fixture.ts";

let fixture: HostFixture;
beforeAll(async () => {
  fixture = await startHostFixture();
});
afterAll(() => fixture.close());

/** A bridge connection opened by hand, so that frames can be written byte for byte. */
async function rawBridge(): Promise<Socket> {
  const socket = connect(fixture.port, "127.0.0.1");
  socket.write(requestText(fixture, "/bridge", upgradeHeaders(fixture)));
  const head = await new Promise<Buffer>((resolve) => socket.once("data", resolve));
  expect(head.toString("latin1")).toMatch(/^HTTP\/1\.1 101 /);
  return socket;
}

/** A client text frame that claims `declaredLength` bytes; its mask key is zero, so the payload goes as it is. */
function textFrame(payload: Buffer, declaredLength = payload.length): Buffer {
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(declaredLength));
  const header =
    declaredLength < 126 ? Buffer.from([0x81, 0x80 | declaredLength]) : Buffer.from([0x81, 0xff, ...length]);
  return Buffer.concat([header, Buffer.alloc(4), payload]);
}

/** Writes `frame` and resolves with the code of the close frame the host answers with (0 for none within 5 s). */
async function closeCodeAfter(socket: Socket, frame: Buffer): Promise<number> {
  socket.setTimeout(5_000, () => socket.destroy());
  const answer = new Promise<Buffer | undefined>((resolve) => {
    socket.once("data", resolve);
    socket.once("close", () => resolve(undefined));
  });
  socket.write(frame);
  const close = await answer;
  socket.destroy();
  return close?.[0] === 0x88 ? close.readUInt16BE(2) : 0;
}

describe("bridge frames the host cannot take", () => {
  it("closes a frame over the 12 MiB limit with 1009, and keeps serving", async () => {
    expect(await closeCodeAfter(await rawBridge(), textFrame(Buffer.alloc(0), 16 * 1024 * 1024))).toBe(1009);
    expect(await stillServes(fixture)).toBe(true);
  });

  it("closes a text frame that is not UTF-8 with 1007, and keeps serving", async () => {
    expect(await closeCodeAfter(await rawBridge(), textFrame(Buffer.from([0xc0, 0xae])))).toBe(1007);
    expect(await stillServes(fixture)).toBe(true);
  });

  it("still takes the largest call: a video request with a reference image at its size limit", async () => {
    const dataUrl = `data:image/png;base64,${Buffer.alloc(REFERENCE_IMAGE_MAX_BYTES).toString("base64")}`;
    const ws = await openBridge(fixture);
    // Without a model the request is refused by the contract rather than sent to the gateway.
    const payload = { prompt: "a lighthouse", referenceImage: { kind: "data", dataUrl } };
    expect(await invoke(ws, "videos.generate", payload)).toMatchObject({
      ok: false,
      error: { code: "INVALID_PAYLOAD" },
    });
    ws.close();
  });
});

describe("a call whose answer cannot be sent", () => {
  it("closes the bridge with 1011, and keeps serving", async () => {
    // JSON cannot carry a BigInt: the answer fails after the handler has returned.
    const unsendable = [{ id: 1n }] as unknown as ReturnType<typeof fixture.host.services.conversations.list>;
    const failing = vi.spyOn(fixture.host.services.conversations, "list").mockReturnValue(unsendable);
    try {
      await expect(invoke(await openBridge(fixture), "chat.list")).rejects.toThrow(/1011/);
    } finally {
      failing.mockRestore();
    }
    expect(await stillServes(fixture)).toBe(true);
  }, 10_000);
});
