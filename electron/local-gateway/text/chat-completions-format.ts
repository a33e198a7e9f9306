import type { ChatCompletion, ChatCompletionChunk } from "../../../shared/gateway-api/chat-completions.ts";
import type { SseStream } from "../sse-stream.ts";
import { outputTokensOf, type TextJob, type TextWireFormat } from "./text-job.ts";

type FinishReason = ChatCompletion["choices"][number]["finish_reason"];
type Choice = ChatCompletionChunk["choices"][number];

const finishReason = (job: TextJob): FinishReason => (job.generation.cause === "max_tokens" ? "length" : "stop");

const usage = (job: TextJob) => ({
  prompt_tokens: job.promptTokens,
  completion_tokens: outputTokensOf(job),
  total_tokens: job.promptTokens + outputTokensOf(job),
});

/**
 * What a text answer and a tool call write alike: the body's envelope, a chunk, and the last
 * chunk (finish reason and usage) before `[DONE]`. `extras` adds fields to the body and to the
 * first and last chunk.
 */
export function chatCompletionsWriter(completionId: string, extras: Record<string, unknown> = {}) {
  const chunk = (job: TextJob, choice: Choice): ChatCompletionChunk => ({
    id: completionId,
    object: "chat.completion.chunk",
    created: job.created,
    model: job.model.code,
    choices: [choice],
  });
  return {
    body: (job: TextJob, message: ChatCompletion["choices"][number]["message"], reason: FinishReason) => ({
      id: completionId,
      object: "chat.completion" as const,
      created: job.created,
      model: job.model.code,
      choices: [{ index: 0, message, finish_reason: reason }],
      usage: usage(job),
      ...extras,
    }),
    first: (job: TextJob, sse: SseStream, delta: Choice["delta"]) =>
      sse.send({ ...chunk(job, { index: 0, delta, finish_reason: null }), ...extras }),
    next: (job: TextJob, sse: SseStream, delta: Choice["delta"]) =>
      sse.send(chunk(job, { index: 0, delta, finish_reason: null })),
    last(job: TextJob, sse: SseStream, reason: FinishReason) {
      sse.send({ ...chunk(job, { index: 0, delta: {}, finish_reason: reason }), usage: usage(job), ...extras });
      sse.send("[DONE]");
    },
  };
}

/** The chat-completions wire format of a text answer. */
export function chatCompletionsFormat(completionId: string, extras: Record<string, unknown> = {}): TextWireFormat {
  const write = chatCompletionsWriter(completionId, extras);
  return {
    body: (job): ChatCompletion =>
      write.body(job, { role: "assistant", content: job.generation.text }, finishReason(job)),
    open: (job, sse) => write.first(job, sse, { role: "assistant", content: "" }),
    delta: (job, sse, piece) => write.next(job, sse, { content: piece.text }),
    close: (job, sse) => write.last(job, sse, finishReason(job)),
  };
}
