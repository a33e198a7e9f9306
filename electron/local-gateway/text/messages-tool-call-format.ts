import type { Message, ToolUseBlock } from "../../../shared/gateway-api/messages.ts";
import type { SseStream } from "../sse-stream.ts";
import { messagesWriter } from "./messages-format.ts";
import type { GeneratedCall, TextJob, TextWireFormat } from "./text-job.ts";

const callOf = (job: TextJob): GeneratedCall => {
  if (job.call === null) throw new Error("a tool-call format was given a text answer");
  return job.call;
};

const toolUse = ({ id, name }: GeneratedCall, input: ToolUseBlock["input"]): ToolUseBlock => ({
  type: "tool_use",
  id,
  name,
  input,
});

const hasLead = (job: TextJob) => job.generation.text !== "";
const callIndex = (job: TextJob) => (hasLead(job) ? 1 : 0);
const stopReason = (job: TextJob) => (callOf(job).complete ? "tool_use" : "max_tokens");

/**
 * The messages wire format of a call: the lead sentence as a text block, then a `tool_use` block
 * whose input streams as `input_json_delta` pieces (its start carries `input: {}`); `stop_reason`
 * is `tool_use`, or `max_tokens` when the input was cut (a whole answer then gives `input: {}`).
 */
export function messagesToolCallFormat(messageId: string): TextWireFormat {
  const write = messagesWriter(messageId);
  let callStarted = false;
  const startCall = (job: TextJob, sse: SseStream) => {
    if (callStarted) return;
    callStarted = true;
    write.blockStop(sse, 0);
    write.blockStart(sse, 1, toolUse(callOf(job), {}));
  };
  return {
    body(job): Message {
      const call = callOf(job);
      const lead = hasLead(job) ? [{ type: "text" as const, text: job.generation.text }] : [];
      const content = [...lead, toolUse(call, call.complete ? call.input : {})];
      return write.message(job, { content, stopReason: stopReason(job) });
    },
    open(job, sse) {
      callStarted = !hasLead(job);
      write.start(job, sse, callStarted ? toolUse(callOf(job), {}) : { type: "text", text: "" });
    },
    delta(job, sse, piece) {
      if (piece.part === "text") return write.textDelta(sse, 0, piece.text);
      startCall(job, sse);
      const delta = { type: "input_json_delta", partial_json: piece.text };
      sse.send({ type: "content_block_delta", index: callIndex(job), delta }, "content_block_delta");
    },
    close(job, sse) {
      startCall(job, sse);
      write.blockStop(sse, callIndex(job));
      write.end(job, sse, stopReason(job));
    },
  };
}
