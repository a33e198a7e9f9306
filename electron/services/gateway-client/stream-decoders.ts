import { streamErrorOf } from "./gateway-failures.ts";
import {
  LenientChatChunkSchema,
  LenientMessageEventSchema,
  type LenientChatChunk,
  type LenientMessageEvent,
} from "./lenient-schemas.ts";
import type { ResponseMeta } from "./response-meta.ts";
import type { SseMessage } from "./sse-events.ts";
import { textChunk } from "./text-chunk.ts";

/** One chat-completions (or search) stream message: a chunk, the `[DONE]` terminator, or an error the server sent mid-stream. */
export function decodeChatChunk(message: SseMessage, meta: ResponseMeta): LenientChatChunk | "end" {
  if (message.data === "[DONE]") return "end";
  const data: unknown = JSON.parse(message.data);
  const error = streamErrorOf(data, meta);
  if (error) throw error;
  return textChunk(data) ?? LenientChatChunkSchema.parse(data);
}

/** One messages-format stream event; `message_stop` is the last. */
export function decodeMessageEvent(
  message: SseMessage,
  meta: ResponseMeta,
): LenientMessageEvent | ["last", LenientMessageEvent] {
  const data: unknown = JSON.parse(message.data);
  const event = LenientMessageEventSchema.parse(data);
  if (event.type === "error") {
    // Read by the stream's error handling as an answer that does not match the API.
    throw streamErrorOf(data, meta) ?? new Error(`an error event in an unknown shape: ${event.error.message}`);
  }
  return event.type === "message_stop" ? ["last", event] : event;
}
