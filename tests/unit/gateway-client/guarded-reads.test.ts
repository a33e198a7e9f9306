import { describe, expect, it } from "vitest";
import { guardedReads } from "../../../electron/services/gateway-client/guarded-reads.ts";

const STALL_MS = 40;

/** A body that gives `pieces` as it is read, then nothing ever again. */
function trickle(pieces: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = pieces.shift();
        if (piece !== undefined) controller.enqueue(new TextEncoder().encode(piece));
        else return new Promise<void>(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

const text = (result: ReadableStreamReadResult<Uint8Array>) => new TextDecoder().decode(result.value);

describe("an event stream's stall bound", () => {
  it("fails a read no byte answers in time, but not for time the reader spent between reads", async () => {
    const reads = guardedReads(trickle(["data: a\n\n", "data: b\n\n"]), { maxLineBytes: 1024, stallMs: STALL_MS });
    expect(text(await reads.read())).toBe("data: a\n\n");
    await new Promise((resolve) => setTimeout(resolve, 3 * STALL_MS));
    expect(text(await reads.read())).toBe("data: b\n\n");
    await expect(reads.read()).rejects.toMatchObject({ code: "STREAM_STALLED" });
  });
});

describe("a failed guarded read", () => {
  it("says how long the stream was silent, and lets the body go", async () => {
    let cancelled = false;
    const silent = new ReadableStream<Uint8Array>({
      pull: () => new Promise<void>(() => undefined),
      cancel() {
        cancelled = true;
      },
    });
    const reads = guardedReads(silent, { maxLineBytes: 1024, stallMs: STALL_MS });
    await expect(reads.read()).rejects.toMatchObject({
      code: "STREAM_STALLED",
      text: { code: "STREAM_STALLED", params: { seconds: STALL_MS / 1000 } },
    });
    expect(cancelled).toBe(true);
  });

  it("says the line bound in megabytes, and lets the body go", async () => {
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new TextEncoder().encode("data: " + "x".repeat(1024))),
      cancel() {
        cancelled = true;
      },
    });
    const reads = guardedReads(endless, { maxLineBytes: 2 * 1024 * 1024, stallMs: 60_000 });
    const failed = await (async () => {
      for (;;) await reads.read();
    })().catch((error: unknown) => error);
    expect(failed).toMatchObject({
      code: "SSE_LINE_TOO_LONG",
      text: { code: "SSE_LINE_TOO_LONG", params: { megabytes: 2 } },
    });
    expect(cancelled).toBe(true);
  });
});
