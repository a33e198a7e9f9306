import type { Message, StopReason } from "../../../shared/gateway-api/messages.ts";
import type { TextJob, TextWireFormat } from "./text-job.ts";

const stopReason = (job: TextJob): StopReason =>
  job.generation.cause === "max_tokens"
    ? "max_tokens"
    : job.generation.cause === "stop_sequence"
      ? "stop_sequence"
      : "end_turn";

/** The messages wire format, its stream in the spec's event order with a `ping` after the block starts. */
export function messagesFormat(messageId: string): TextWireFormat {
  const message = (job: TextJob, done: boolean): Message => ({
    id: messageId,
    type: "message",
    role: "assistant",
    model: job.model.code,
    stop_reason: done ? stopReason(job) : null,
    stop_sequence: done ? job.generation.stopSequence : null,
    content: done ? [{ type: "text", text: job.generation.text }] : [],
    usage: { input_tokens: job.promptTokens, output_tokens: done ? job.generation.outputTokens : 0 },
  });
  return {
    body: (job) => message(job, true),
    open(job, sse) {
      sse.send({ type: "message_start", message: message(job, false) }, "message_start");
      sse.send(
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        "content_block_start",
      );
      sse.send({ type: "ping" }, "ping");
    },
    delta(_job, sse, piece) {
      sse.send(
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } },
        "content_block_delta",
      );
    },
    close(job, sse) {
      sse.send({ type: "content_block_stop", index: 0 }, "content_block_stop");
      sse.send(
        {
          type: "message_delta",
          delta: { stop_reason: stopReason(job), stop_sequence: job.generation.stopSequence },
          usage: { output_tokens: job.generation.outputTokens },
        },
        "message_delta",
      );
      sse.send({ type: "message_stop" }, "message_stop");
    },
  };
}
