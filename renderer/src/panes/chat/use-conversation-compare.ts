import { useMemo } from "react";
import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import { useChatStore } from "./chat-store.ts";
import { useComparing, useCompareActions, useComparisons } from "./compare-queries.ts";
import { useComparePicks } from "./compare-store.ts";
import { unchosenComparison } from "./unchosen-comparison.ts";

/** Everything Compare adds to an open conversation: what is picked, what streams, and what the transcript shows. */
export function useConversationCompare(conversationId: string, messages: readonly ChatMessage[] = []) {
  const picks = useComparePicks(conversationId);
  const comparisons = useComparisons(conversationId);
  const comparing = useComparing(conversationId);
  const actions = useCompareActions(conversationId);
  const streamedLength = useChatStore((state) =>
    Object.values(state.live).reduce(
      (length, reply) =>
        reply.conversationId === conversationId && reply.comparisonId !== undefined
          ? length + reply.text.length
          : length,
      0,
    ),
  );
  const { continueWith, again, stop, stopAll } = actions;
  // One object while nothing in it changes: the transcript (memoised) does not draw again for the conversation's other changes.
  const transcript = useMemo(
    () => ({
      comparisons,
      streamedLength,
      onContinue: continueWith,
      onRegenerate: again,
      onStop: stop,
      onStopAll: stopAll,
    }),
    [comparisons, streamedLength, continueWith, again, stop, stopAll],
  );
  return {
    picks,
    comparing,
    /** Sends the message to the models picked; whether it was accepted. */
    send: (content: string) => actions.compare(content, picks ?? []),
    /** The comparison whose answers wait for one to be chosen before anything can follow. */
    unchosen: unchosenComparison(messages, comparisons),
    continueWith,
    stopAll: actions.stopAll,
    attempts: actions.attempts,
    transcript,
  };
}
