import type * as GptTokenizer from "gpt-tokenizer";

/** A prompt is its contents plus a few tokens of framing per message, as OpenAI counts them. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_PROMPT = 3;

/** The tokenizer's tables take about a quarter of a second to load: loaded for the first estimate, not at start. */
let tokenizer: Promise<typeof GptTokenizer> | null = null;

/**
 * Token counts for a server that reported none, with the o200k_base tokenizer: close to what
 * most gateways bill, and shown as an estimate (≈).
 */
export async function estimateTokens(
  prompt: readonly { content: string }[],
  reply: string,
): Promise<{ inputTokens: number; outputTokens: number }> {
  tokenizer ??= import("gpt-tokenizer");
  const { encode } = await tokenizer;
  const inputTokens = prompt.reduce(
    (sum, message) => sum + encode(message.content).length + TOKENS_PER_MESSAGE,
    TOKENS_PER_PROMPT,
  );
  return { inputTokens, outputTokens: encode(reply).length };
}
