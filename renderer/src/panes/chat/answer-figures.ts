import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import type { LiveReply } from "./chat-store.ts";

/** What a compared answer shows under it; null where it is not known (yet). */
interface AnswerFigures {
  readonly firstTokenMs: number | null;
  readonly tokensPerSecond: number | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly tokensEstimated: boolean;
}

/**
 * An answer's figures: main's own timings once it is stored; while it streams, the first token as
 * the page saw it. Speed is output tokens over the time after the first token.
 */
export function answerFigures(message: ChatMessage | null, live: LiveReply | null): AnswerFigures {
  const meta = live ? null : (message?.meta ?? null);
  if (!meta) {
    return {
      firstTokenMs: live?.firstTextAt ? live.firstTextAt - live.startedAt : null,
      tokensPerSecond: null,
      inputTokens: live?.usage?.inputTokens ?? null,
      outputTokens: live?.usage?.outputTokens ?? null,
      tokensEstimated: false,
    };
  }
  const streamingMs = meta.totalMs !== null && meta.ttftMs !== null ? meta.totalMs - meta.ttftMs : null;
  return {
    firstTokenMs: meta.ttftMs,
    tokensPerSecond:
      meta.outputTokens !== null && streamingMs !== null && streamingMs > 0
        ? meta.outputTokens / (streamingMs / 1000)
        : null,
    inputTokens: meta.inputTokens,
    outputTokens: meta.outputTokens,
    tokensEstimated: meta.tokensEstimated ?? false,
  };
}
