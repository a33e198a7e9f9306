import { describe, expect, it } from "vitest";
import { guardedReads } from "../../../electron/services/gateway-client/guarded-reads.ts";
import { sseMessages } from "../../../electron/services/gateway-client/sse-events.ts";

const reads = (stream: ReadableStream<Uint8Array>) => guardedReads(stream, { maxLineBytes: 1024, stallMs: 60_000 });

/** A body that arrives in the given pieces of bytes; `cancelled` says whether the reader let it go. */
function body(pieces: Uint8Array[]) {
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces.shift();
      if (piece) controller.enqueue(piece);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
      // As a body torn down by an abort can: its cancel never settles, and no reader may wait for it.
      return new Promise<void>(() => undefined);
    },
  });
  return { stream, state };
}

/** `text` as UTF-8, cut at each of `cuts` (byte offsets), wherever they fall. */
function cutBytes(text: string, cuts: number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const ends = [...cuts, bytes.length];
  return ends.map((end, index) => bytes.slice(index === 0 ? 0 : ends[index - 1], end));
}

async function all(stream: ReadableStream<Uint8Array>) {
  const messages = [];
  for await (const read of sseMessages(reads(stream))) messages.push(...read);
  return messages;
}

describe("sseMessages", () => {
  it("reads events cut anywhere, inside a character, a line or a CRLF, and drops an unfinished last one", async () => {
    const text = 'data: {"text":"中文é"}\r\n\r\nevent: ping\ndata: a\ndata: b\n\n: a comment\n\ndata: cut off';
    // 16 falls inside 中 (bytes 15–17), 27 between \r and \n, 40 inside "data: a".
    const { stream } = body(cutBytes(text, [3, 16, 27, 40]));
    expect(await all(stream)).toEqual([
      { event: undefined, data: '{"text":"中文é"}' },
      { event: "ping", data: "a\nb" },
    ]);
  });

  it("hands each read's messages on before reading further, and lets the body go when the reader stops, without waiting on it", async () => {
    const { stream, state } = body(cutBytes("data: first\n\ndata: second\n\n", [13]));
    for await (const read of sseMessages(reads(stream))) {
      expect(read.map((message) => message.data)).toEqual(["first"]);
      break;
    }
    expect(state.cancelled).toBe(true);
  });

  it("hands on nothing for a read that ends no event", async () => {
    const { stream } = body(cutBytes("data: first\n\n", [4, 8]).filter((piece) => piece.length > 0));
    const batches = [];
    for await (const read of sseMessages(reads(stream))) batches.push(read.map((message) => message.data));
    expect(batches).toEqual([["first"]]);
  });
});
