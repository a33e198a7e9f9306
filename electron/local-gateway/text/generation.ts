import { encodeText, piecesOf } from "./tokens.ts";

type FinishCause = "end" | "max_tokens" | "stop_sequence";

export interface Generation {
  /** The answer as streamed, one piece per token. */
  readonly pieces: readonly string[];
  readonly text: string;
  readonly outputTokens: number;
  readonly cause: FinishCause;
  readonly stopSequence: string | null;
}

/** Applies `max_tokens` and stop sequences to a full answer, whichever cuts it first. */
export function limitGeneration(
  answer: string,
  maxTokens: number | undefined,
  stopSequences: readonly string[] = [],
): Generation {
  let text = answer;
  let cause: FinishCause = "end";
  let stopSequence: string | null = null;
  for (const sequence of stopSequences) {
    const at = text.indexOf(sequence);
    if (at !== -1) {
      text = text.slice(0, at);
      cause = "stop_sequence";
      stopSequence = sequence;
    }
  }
  let tokens = encodeText(text);
  if (maxTokens !== undefined && tokens.length > maxTokens) {
    tokens = tokens.slice(0, maxTokens);
    cause = "max_tokens";
    stopSequence = null;
  }
  const pieces = piecesOf(tokens);
  return { pieces, text: pieces.join(""), outputTokens: tokens.length, cause, stopSequence };
}

/** A tool call as generated: its arguments' JSON, cut short when `max_tokens` cannot hold them. */
export interface CallGeneration {
  readonly pieces: readonly string[];
  /** The arguments as delivered: the whole JSON, or its beginning when cut. */
  readonly arguments: string;
  readonly outputTokens: number;
  readonly complete: boolean;
}

export function limitCall(input: Record<string, unknown>, maxTokens: number | undefined): CallGeneration {
  const tokens = encodeText(JSON.stringify(input));
  const kept = maxTokens === undefined ? tokens : tokens.slice(0, Math.max(0, maxTokens));
  const pieces = piecesOf(kept);
  return { pieces, arguments: pieces.join(""), outputTokens: kept.length, complete: kept.length === tokens.length };
}
