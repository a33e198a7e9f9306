import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { ByteReads } from "./guarded-reads.ts";

export type SseMessage = Pick<EventSourceMessage, "event" | "data">;

/**
 * The Server-Sent Events of a body's reads, parsed by eventsource-parser, handed on a read at a
 * time: a long reply is thousands of events, and each step of an async generator costs its caller
 * promises, so the events of one read go in one step. Read in one loop rather than through a
 * decoding stream and a parsing stream: each stage of a pipe would hold every chunk, the first
 * words of a reply among them, for a few more turns of the event loop.
 */
export async function* sseMessages(reads: ByteReads): AsyncGenerator<SseMessage[]> {
  const decoder = new TextDecoder();
  let parsed: SseMessage[] = [];
  const parser = createParser({ onEvent: (message) => parsed.push(message) });
  try {
    for (;;) {
      const { value, done } = await reads.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      if (parsed.length === 0) continue;
      // A read's messages are handed on before the next chunk is read: a caller that stops early reads no more.
      const messages = parsed;
      parsed = [];
      yield messages;
    }
  } finally {
    // Cancelled, not just released: a caller that stops early (a reply cut at its length) lets the connection go.
    reads.cancel();
  }
}
