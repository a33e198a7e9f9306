import { codedText } from "../../../shared/text/app-texts.ts";
import type { AnswerLimits } from "./answer-limits.ts";
import { GatewayError } from "./gateway-error.ts";
import { aborted, describeIssue, invalidResponse } from "./gateway-failures.ts";
import { guardedReads } from "./guarded-reads.ts";
import { responseMeta, type ResponseMeta } from "./response-meta.ts";
import { sseMessages, type SseMessage } from "./sse-events.ts";

/** What one SSE message is: an event, "end" for a terminator without payload, or ["last", event] for a final event. */
export type StreamDecoder<T> = (message: SseMessage, meta: ResponseMeta) => T | "end" | ["last", T];

export interface GatewayStream<T> {
  readonly meta: ResponseMeta;
  /** The events of one network read at a time, in order: a reply's thousands of events take a few steps. */
  readonly batches: AsyncIterable<readonly T[]>;
}

/** One read's events, as far as its messages go: to the stream's end, or to the first that fails. */
interface DecodedRead<T> {
  readonly events: T[];
  readonly ended: boolean;
  readonly failure: GatewayError | null;
}

const isLast = <T>(decoded: T | ["last", T]): decoded is ["last", T] => Array.isArray(decoded) && decoded[0] === "last";

function decodeRead<T>(messages: readonly SseMessage[], decode: StreamDecoder<T>, meta: ResponseMeta, path: string) {
  const read: DecodedRead<T> = { events: [], ended: false, failure: null };
  for (const message of messages) {
    let decoded: T | "end" | ["last", T];
    try {
      decoded = decode(message, meta);
    } catch (error) {
      const failure = error instanceof GatewayError ? error : invalidResponse(path, meta, describeIssue(error));
      return { ...read, failure };
    }
    if (decoded === "end") return { ...read, ended: true };
    if (isLast(decoded)) {
      read.events.push(decoded[1]);
      return { ...read, ended: true };
    }
    read.events.push(decoded);
  }
  return read;
}

/**
 * A streamed answer's events, bounded by `limits` (line length, stalls); a stream that closes
 * before its terminator fails with STREAM_INCOMPLETE, so a cut connection is never taken for a
 * whole answer. What came before a message that fails is handed on before the failure.
 */
export function gatewayStream<T>(
  response: Response,
  path: string,
  signal: AbortSignal | undefined,
  limits: AnswerLimits,
  decode: StreamDecoder<T>,
): GatewayStream<T> {
  const meta = responseMeta(response);
  if (!response.body) throw invalidResponse(path, meta, "the stream has no body");
  const reads = guardedReads(response.body, { maxLineBytes: limits.sseLineBytes, stallMs: limits.streamStallMs });
  const incomplete = (text: "STREAM_INTERRUPTED" | "STREAM_CLOSED_EARLY") =>
    new GatewayError({ code: "STREAM_INCOMPLETE", text: codedText(text), requestId: meta.requestId ?? undefined });
  async function* batches(): AsyncGenerator<readonly T[]> {
    try {
      for await (const messages of sseMessages(reads)) {
        const read = decodeRead(messages, decode, meta, path);
        if (read.events.length > 0) yield read.events;
        if (read.failure) throw read.failure;
        if (read.ended) return;
      }
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      if (signal?.aborted) throw aborted(meta);
      throw incomplete("STREAM_INTERRUPTED");
    }
    if (signal?.aborted) throw aborted(meta);
    throw incomplete("STREAM_CLOSED_EARLY");
  }
  return { meta, batches: batches() };
}
