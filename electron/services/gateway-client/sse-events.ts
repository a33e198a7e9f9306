import { EventSourceParserStream } from "eventsource-parser/stream";

interface SseMessage {
  readonly event: string | undefined;
  readonly data: string;
}

/** The Server-Sent Events of a response body, parsed by eventsource-parser. */
export async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  // TypeScript's stream types refuse this pairing (the decoder's writable side takes any BufferSource, a
  // wider type than the body's bytes); at run time it is the standard way to decode a byte stream.
  const text = body.pipeThrough(new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>);
  const events = text.pipeThrough(new EventSourceParserStream());
  const reader = events.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield { event: value.event, data: value.data };
    }
  } finally {
    // Cancelled, not just released: a caller that stops early (a reply cut at its length) lets the connection go.
    await reader.cancel().catch(() => undefined);
  }
}
