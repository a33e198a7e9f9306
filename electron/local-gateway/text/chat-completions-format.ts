import type { ChatCompletion, ChatCompletionChunk } from "../../../shared/gateway-api/chat-completions.ts";
import type { SseStream } from "../sse-stream.ts";
import type { TextJob, TextWireFormat } from "./text-job.ts";

const finishReason = (job: TextJob) => (job.generation.cause === "max_tokens" ? "length" : "stop");

const usage = (job: TextJob) => ({
  prompt_tokens: job.promptTokens,
  completion_tokens: job.generation.outputTokens,
  total_tokens: job.promptTokens + job.generation.outputTokens,
});

/** The chat-completions wire format; `extras` adds fields to the body and to the first and last chunk. */
export function chatCompletionsFormat(completionId: string, extras: Record<string, unknown> = {}): TextWireFormat {
  const chunk = (job: TextJob, choice: ChatCompletionChunk["choices"][number]): ChatCompletionChunk => ({
    id: completionId,
    object: "chat.completion.chunk",
    created: job.created,
    model: job.model.code,
    choices: [choice],
  });
  return {
    body(job): ChatCompletion {
      return {
        id: completionId,
        object: "chat.completion",
        created: job.created,
        model: job.model.code,
        choices: [
          { index: 0, message: { role: "assistant", content: job.generation.text }, finish_reason: finishReason(job) },
        ],
        usage: usage(job),
        ...extras,
      };
    },
    open(job, sse: SseStream) {
      sse.send({
        ...chunk(job, { index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }),
        ...extras,
      });
    },
    delta(job, sse, piece) {
      sse.send(chunk(job, { index: 0, delta: { content: piece }, finish_reason: null }));
    },
    close(job, sse) {
      sse.send({
        ...chunk(job, { index: 0, delta: {}, finish_reason: finishReason(job) }),
        usage: usage(job),
        ...extras,
      });
      sse.send("[DONE]");
    },
  };
}
