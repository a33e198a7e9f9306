import type { ChatCompletion } from "../../../shared/gateway-api/chat-completions.ts";
import { chatCompletionsWriter } from "./chat-completions-format.ts";
import type { GeneratedCall, TextJob, TextWireFormat } from "./text-job.ts";

const callOf = (job: TextJob): GeneratedCall => {
  if (job.call === null) throw new Error("a tool-call format was given a text answer");
  return job.call;
};

const finishReason = (job: TextJob) => (callOf(job).complete ? "tool_calls" : "length");

/**
 * The chat-completions wire format of a call, as OpenAI streams one: the first chunk names the
 * call (its arguments empty), each next chunk adds a piece of the arguments, the last says
 * `tool_calls` (or `length` when `max_tokens` cut the arguments).
 */
export function chatCompletionsToolCallFormat(completionId: string): TextWireFormat {
  const write = chatCompletionsWriter(completionId);
  return {
    body(job): ChatCompletion {
      const { id, name, arguments: args } = callOf(job);
      const message = {
        role: "assistant" as const,
        content: null,
        tool_calls: [{ id, type: "function" as const, function: { name, arguments: args } }],
      };
      return write.body(job, message, finishReason(job));
    },
    open(job, sse) {
      const { id, name } = callOf(job);
      const named = { index: 0, id, type: "function" as const, function: { name, arguments: "" } };
      write.first(job, sse, { role: "assistant", content: null, tool_calls: [named] });
    },
    delta: (job, sse, piece) =>
      write.next(job, sse, { tool_calls: [{ index: 0, function: { arguments: piece.text } }] }),
    close: (job, sse) => write.last(job, sse, finishReason(job)),
  };
}
