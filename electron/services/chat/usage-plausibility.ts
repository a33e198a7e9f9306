import type { ChatSettings } from "../../../shared/ipc/chat.ts";
import type { AttachmentsOf } from "./attachment-content.ts";
import { carriesImages, historyOf } from "./chat-request.ts";
import type { Turn } from "./conversation-rows.ts";

/** What a server may add to a reply's tokens beyond max_tokens (stop tokens, counting differences). */
const OUTPUT_MARGIN = 16;
/** Framing a server adds to a prompt: roles, separators, a system preamble. */
const INPUT_MARGIN = 1000;

/** What a request allowed: its max_tokens, and the bytes of the prompt sent (null when the server adds to it). */
export interface UsageBounds {
  readonly maxTokens: number;
  readonly promptBytes: number | null;
}

/**
 * A token count beyond what the request allowed is impossible: more output than max_tokens, or more
 * input tokens than the prompt has bytes (a token is at least one byte). Such a count is dropped,
 * like a negative one, and said to be impossible; the app counts the tokens itself.
 */
export function boundedUsage(
  usage: { readonly inputTokens: number | null; readonly outputTokens: number | null },
  bounds: UsageBounds,
): { inputTokens: number | null; outputTokens: number | null; implausible: boolean } {
  const outputOk = usage.outputTokens === null || usage.outputTokens <= bounds.maxTokens + OUTPUT_MARGIN;
  const inputOk =
    usage.inputTokens === null || bounds.promptBytes === null || usage.inputTokens <= bounds.promptBytes + INPUT_MARGIN;
  return {
    inputTokens: inputOk ? usage.inputTokens : null,
    outputTokens: outputOk ? usage.outputTokens : null,
    implausible: !inputOk || !outputOk,
  };
}

/**
 * The bounds of a reply's request: a search answer's input holds what the server found, and an
 * image's tokens are the server's own, so neither bounds the input.
 */
export function usageBoundsOf(
  run: { readonly settings: ChatSettings; readonly messages: readonly Turn[]; readonly searchWeb: boolean },
  attachmentsOf: AttachmentsOf,
): UsageBounds {
  const unbounded = run.searchWeb || carriesImages(run.messages);
  const bytes = (text: string) => Buffer.byteLength(text, "utf8");
  const promptBytes = unbounded
    ? null
    : historyOf(run.messages, attachmentsOf).reduce(
        (sum, message) => sum + bytes(message.content),
        bytes(run.settings.systemPrompt),
      );
  return { maxTokens: run.settings.maxTokens, promptBytes };
}
