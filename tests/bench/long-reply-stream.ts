import { limitGeneration } from "../../electron/local-gateway/text/generation.ts";
import { writeReply } from "../../electron/local-gateway/text/reply-writer.ts";

/** A long reply as the local gateway streams one: its text, one event per token, and its usage. */
export interface LongReply {
  readonly text: string;
  readonly outputTokens: number;
  /** The whole Chat Completions event stream, ending with usage and `[DONE]`. */
  readonly stream: string;
}

/**
 * About `chars` characters of the local gateway's own answers one after another, streamed as its
 * gateway streams any answer: one chunk per token (o200k_base), then a last chunk with usage.
 */
export function longReply(chars: number): LongReply {
  const answers: string[] = [];
  for (let length = 0, turn = 1; length < chars; turn++) {
    const answer = writeReply("chat-fast", [{ role: "user", content: `Long reply part ${turn}` }]);
    answers.push(answer);
    length += answer.length + 2;
  }
  const generation = limitGeneration(answers.join("\n\n").slice(0, chars), undefined);
  const chunk = (choice: object, extra: object = {}) =>
    `data: ${JSON.stringify({ id: "chatcmpl-long", object: "chat.completion.chunk", created: 0, model: "chat-fast", choices: [choice], ...extra })}\n\n`;
  const usage = {
    prompt_tokens: 12,
    completion_tokens: generation.outputTokens,
    total_tokens: 12 + generation.outputTokens,
  };
  const stream = [
    chunk({ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }),
    ...generation.pieces.map((piece) => chunk({ index: 0, delta: { content: piece }, finish_reason: null })),
    chunk({ index: 0, delta: {}, finish_reason: "stop" }, { usage }),
    "data: [DONE]\n\n",
  ].join("");
  return { text: generation.text, outputTokens: generation.outputTokens, stream };
}
