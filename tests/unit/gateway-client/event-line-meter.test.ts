import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guardedReads } from "../../../electron/services/gateway-client/guarded-reads.ts";

const MAX_BYTES = 8;

/** The bound read byte by byte: the bytes of the event so far, a blank line ending it ("\r\n" being one break). */
function chunksBeforeTooLong(chunks: readonly Uint8Array[]): number {
  let line = 0;
  let event = 0;
  let previous = -1;
  for (const [index, chunk] of chunks.entries()) {
    for (const byte of chunk) {
      if (byte === 10 || byte === 13) {
        if (line === 0 && !(byte === 10 && previous === 13)) event = 0;
        line = 0;
      } else {
        line++;
        event++;
      }
      previous = byte;
    }
    if (event > MAX_BYTES) return index;
  }
  return chunks.length;
}

/** How many chunks pass through the guard before it fails with SSE_LINE_TOO_LONG (all of them when it does not). */
async function chunksPassed(chunks: readonly Uint8Array[]): Promise<number> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const reader = guardedReads(body, { maxLineBytes: MAX_BYTES, stallMs: 60_000 });
  let passed = 0;
  try {
    while (!(await reader.read()).done) passed++;
  } catch (error) {
    expect(error).toMatchObject({ code: "SSE_LINE_TOO_LONG" });
  }
  return passed;
}

describe("an event stream's line bound", () => {
  it("fails at the chunk where an event outgrows it, with lines ended by \\n, \\r or \\r\\n (fast-check)", async () => {
    const bytes = fc.constantFrom(97, 98, 10, 13);
    const chunk = fc.array(bytes, { maxLength: 12 }).map((values) => Uint8Array.from(values));
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { maxLength: 8 }), async (chunks) => {
        expect(await chunksPassed(chunks)).toBe(chunksBeforeTooLong(chunks));
      }),
      { numRuns: 300 },
    );
  });
});
