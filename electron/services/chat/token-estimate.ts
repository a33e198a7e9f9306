import { encode } from "gpt-tokenizer";

/** A prompt is its contents plus a few tokens of framing per message, as OpenAI counts them. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_PROMPT = 3;

/**
 * Token counts for a server that reported none, with the o200k_base tokenizer: close to what
 * most gateways bill, and shown as an estimate (≈).
 */
export function estimateTokens(
  prompt: readonly { content: string }[],
  reply: string,
): { inputTokens: number; outputTokens: number } {
  const inputTokens = prompt.reduce(
    (sum, message) => sum + encode(message.content).length + TOKENS_PER_MESSAGE,
    TOKENS_PER_PROMPT,
  );
  return { inputTokens, outputTokens: encode(reply).length };
}
