import type * as GptTokenizer from "gpt-tokenizer";

/** A prompt is its contents plus a few tokens of framing per message, as OpenAI counts them. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_PROMPT = 3;

/**
 * Text counted token by token; past it, the rest at the counted part's characters per token. The
 * tokenizer's cost grows with the square of a word's length (a model repeating one letter is one
 * word), so it counts in pieces, and a whole reply of a million characters would still hold the
 * main process too long.
 */
const COUNTED_CHARS = 16_384;
const PIECE_CHARS = 512;

/** Characters per token where nothing could be counted: English prose runs about four. */
const CHARS_PER_TOKEN = 4;

/** The tokenizer's tables take about a quarter of a second to load: loaded for the first estimate, not at start. */
let tokenizer: Promise<typeof GptTokenizer> | null = null;

/**
 * Where a text's piece starting at `start` ends: before its last space (the tokenizer starts a word
 * with its space, so pieces cut there count as the whole text does), or after `length` characters
 * where a word runs longer, never splitting a surrogate pair.
 */
function pieceEnd(text: string, start: number, length: number): number {
  const end = start + length;
  if (end >= text.length) return text.length;
  const space = text.lastIndexOf(" ", end - 1);
  if (space > start + length / 2) return space;
  return /[\uD800-\uDBFF]/.test(text.charAt(end - 1)) ? end - 1 : end;
}

function countOf(encode: (text: string) => number[], text: string): number {
  let counted = 0;
  let tokens = 0;
  try {
    while (counted < Math.min(text.length, COUNTED_CHARS)) {
      const end = pieceEnd(text, counted, PIECE_CHARS);
      tokens += encode(text.slice(counted, end)).length;
      counted = end;
    }
  } catch {
    // The tokenizer refuses some inputs: estimate from characters.
    return Math.ceil(text.length / CHARS_PER_TOKEN);
  }
  if (counted === text.length) return tokens;
  return tokens + Math.ceil(((text.length - counted) * tokens) / counted);
}

/**
 * Token counts for a server that reported none, with the o200k_base tokenizer on each text's
 * first few thousand characters: close to what most gateways bill, and shown as an estimate (≈).
 */
export async function estimateTokens(
  prompt: readonly { content: string }[],
  reply: string,
): Promise<{ inputTokens: number; outputTokens: number }> {
  tokenizer ??= import("gpt-tokenizer");
  const { encode } = await tokenizer;
  const inputTokens = prompt.reduce(
    (sum, message) => sum + countOf(encode, message.content) + TOKENS_PER_MESSAGE,
    TOKENS_PER_PROMPT,
  );
  return { inputTokens, outputTokens: countOf(encode, reply) };
}
