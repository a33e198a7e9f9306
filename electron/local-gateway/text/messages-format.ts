import type { Message, StopReason } from "../../../shared/gateway-api/messages.ts";
import type { SseStream } from "../sse-stream.ts";
import { outputTokensOf, type TextJob, type TextWireFormat } from "./text-job.ts";

const textStopReason = (job: TextJob): StopReason =>
  job.generation.cause === "max_tokens"
    ? "max_tokens"
    : job.generation.cause === "stop_sequence"
      ? "stop_sequence"
      : "end_turn";

/**
 * What a text answer and a tool call write alike: the message (whole, or empty as the stream
 * opens), a block's start and deltas in the spec's event order, and the stream's end.
 */
export function messagesWriter(messageId: string) {
  return {
    message: (job: TextJob, done: { content: Message["content"]; stopReason: StopReason } | null): Message => ({
      id: messageId,
      type: "message",
      role: "assistant",
      model: job.model.code,
      stop_reason: done?.stopReason ?? null,
      stop_sequence: done === null ? null : job.generation.stopSequence,
      content: done?.content ?? [],
      usage: { input_tokens: job.promptTokens, output_tokens: done === null ? 0 : outputTokensOf(job) },
    }),
    /** The stream's first events; the `ping` follows the first block's start. */
    start(job: TextJob, sse: SseStream, block: Message["content"][number]) {
      sse.send({ type: "message_start", message: this.message(job, null) }, "message_start");
      this.blockStart(sse, 0, block);
      sse.send({ type: "ping" }, "ping");
    },
    blockStart(sse: SseStream, index: number, block: Message["content"][number]) {
      sse.send({ type: "content_block_start", index, content_block: block }, "content_block_start");
    },
    textDelta(sse: SseStream, index: number, text: string) {
      sse.send({ type: "content_block_delta", index, delta: { type: "text_delta", text } }, "content_block_delta");
    },
    blockStop(sse: SseStream, index: number) {
      sse.send({ type: "content_block_stop", index }, "content_block_stop");
    },
    end(job: TextJob, sse: SseStream, stopReason: StopReason) {
      sse.send(
        {
          type: "message_delta",
          delta: { stop_reason: stopReason, stop_sequence: job.generation.stopSequence },
          usage: { output_tokens: outputTokensOf(job) },
        },
        "message_delta",
      );
      sse.send({ type: "message_stop" }, "message_stop");
    },
  };
}

/** The messages wire format of a text answer, its stream in the spec's event order with a `ping` after the block starts. */
export function messagesFormat(messageId: string): TextWireFormat {
  const write = messagesWriter(messageId);
  return {
    body: (job) =>
      write.message(job, { content: [{ type: "text", text: job.generation.text }], stopReason: textStopReason(job) }),
    open: (job, sse) => write.start(job, sse, { type: "text", text: "" }),
    delta: (_job, sse, piece) => write.textDelta(sse, 0, piece.text),
    close(job, sse) {
      write.blockStop(sse, 0);
      write.end(job, sse, textStopReason(job));
    },
  };
}
