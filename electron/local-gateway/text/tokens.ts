import { decodeGenerator, encode } from "gpt-tokenizer";

/** Token counts use the o200k_base tokenizer; each message adds 4 tokens of framing and the prompt 3. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_PROMPT = 3;

export function countTokens(text: string): number {
  return encode(text).length;
}

export function countPromptTokens(messages: readonly { role: string; content: string }[]): number {
  return messages.reduce((sum, message) => sum + countTokens(message.content) + TOKENS_PER_MESSAGE, TOKENS_PER_PROMPT);
}

export const encodeText = (text: string): number[] => encode(text);

/** Decodes tokens into streamable pieces; a multi-byte character is never split across pieces. */
export function piecesOf(tokens: readonly number[]): string[] {
  return [...decodeGenerator(tokens)];
}
