import { createParser } from "eventsource-parser";

interface SseMessage {
  readonly event: string | undefined;
  readonly data: string;
}

/**
 * The Server-Sent Events of a response body, parsed by eventsource-parser, handed on a read at a
 * time: a long reply is thousands of events, and each step of an async generator costs its caller
 * promises, so the events of one read go in one step. Read in one loop rather than through a
 * decoding stream and a parsing stream: each stage of a pipe would hold every chunk, the first
 * words of a reply among them, for a few more turns of the event loop.
 */
export async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parsed: SseMessage[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => parsed.push({ event, data }) });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      // A read's messages are handed on before the next chunk is read: a caller that stops early reads no more.
      if (parsed.length > 0) yield parsed.splice(0);
    }
  } finally {
    // Cancelled, not just released: a caller that stops early (a reply cut at its length) lets the connection go.
    // Not awaited: after an abort, the body's own cancel can wait on a connection that is already being torn down.
    reader.cancel().catch(() => undefined);
  }
}
