import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Comparison, ComparisonRun } from "../../../../shared/ipc/compare.ts";
import { succeeded, unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { chatKeys, useInvalidateChat } from "./chat-queries.ts";
import { useChatStore } from "./chat-store.ts";
import { startLiveReply } from "./chat-stream-events.ts";
import { showQuestionVersion, showSentQuestion } from "./sent-question.ts";

const compareKeys = {
  /** Under the conversation's detail, so whatever refreshes the conversation (a reply, costs) refreshes them too. */
  comparisons: (conversationId: string) => [...chatKeys.detail(conversationId), "comparisons"] as const,
  modelSets: ["modelSets"] as const,
};

const NO_COMPARISONS: readonly Comparison[] = [];

export function useComparisons(conversationId: string): readonly Comparison[] {
  const { data } = useQuery({
    queryKey: compareKeys.comparisons(conversationId),
    queryFn: () => unwrap(api.chat.comparisons({ conversationId })),
  });
  return data ?? NO_COMPARISONS;
}

/** The comparison just started, shown at once with its answers streaming, before the conversation is read again. */
function startedComparison(run: ComparisonRun): Comparison {
  return {
    id: run.comparisonId,
    questionId: run.userMessage.id,
    columns: run.columns.map((column) => ({
      messageId: column.assistantMessageId,
      model: column.model,
      message: null,
    })),
    chosenId: null,
    createdAt: new Date().toISOString(),
  };
}

/** Compare, regenerate a comparison, continue with an answer, stop one or all, for one conversation. */
export function useCompareActions(conversationId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateChat();
  const showRun = (run: ComparisonRun) => {
    queryClient.setQueryData<readonly Comparison[]>(compareKeys.comparisons(conversationId), (known = []) => [
      ...known,
      startedComparison(run),
    ]);
    // Read again once the first answer's first words are on screen, as for a single reply.
    let refresh: (() => void) | undefined = () => void invalidate(conversationId);
    for (const column of run.columns) {
      startLiveReply({ ...column, conversationId, comparisonId: run.comparisonId }, queryClient, refresh);
      refresh = undefined;
    }
  };
  const compare = useMutation({
    mutationFn: ({ content, models }: { content: string; models: readonly string[] }) =>
      unwrap(api.chat.compare({ conversationId, content, models: [...models] })),
    onSuccess: (run) => {
      showSentQuestion(queryClient, conversationId, run.userMessage);
      showRun(run);
    },
  });
  const again = useMutation({
    mutationFn: (comparison: Comparison) =>
      unwrap(api.chat.compareAgain({ conversationId, comparisonId: comparison.id })),
    onSuccess: (run, comparison) => {
      showQuestionVersion(queryClient, conversationId, comparison.questionId, run.userMessage);
      showRun(run);
    },
  });
  const continueWith = useMutation({
    mutationFn: (messageId: string) => unwrap(api.chat.continueWith({ conversationId, messageId })),
    // Chosen at once: the message box is free as the choice leaves, and a message sent next reaches main after it.
    onMutate: (messageId) =>
      queryClient.setQueryData<readonly Comparison[]>(compareKeys.comparisons(conversationId), (known) =>
        known?.map((comparison) =>
          comparison.columns.some((column) => column.messageId === messageId)
            ? { ...comparison, chosenId: messageId }
            : comparison,
        ),
      ),
    onError: () => invalidate(conversationId),
    onSuccess: (detail) => {
      queryClient.setQueryData(chatKeys.detail(conversationId), detail);
      return invalidate(conversationId);
    },
  });
  const stop = useMutation({ mutationFn: (streamId: string) => unwrap(api.streams.cancel({ streamId })) });
  const { mutate: stopOne } = stop;
  // Stable, so a key handler that uses it is not set up again with every delta.
  const stopAll = useCallback(() => {
    for (const reply of Object.values(useChatStore.getState().live))
      if (reply.conversationId === conversationId && reply.comparisonId !== undefined) stopOne(reply.streamId);
  }, [conversationId, stopOne]);
  return {
    /** Whether the message was accepted, so the composer can give the draft back. */
    compare: (content: string, models: readonly string[]) => succeeded(compare.mutateAsync({ content, models })),
    continueWith: continueWith.mutate,
    again: again.mutate,
    stop: stop.mutate,
    stopAll,
    attempts: [compare, again, continueWith, stop] as const,
  };
}

/** Whether answers of a comparison are still streaming in this conversation. */
export const useComparing = (conversationId: string) =>
  useChatStore((state) =>
    Object.values(state.live).some(
      (reply) => reply.conversationId === conversationId && reply.comparisonId !== undefined && !reply.interrupted,
    ),
  );

export function useModelSets() {
  const queryClient = useQueryClient();
  const sets = useQuery({ queryKey: compareKeys.modelSets, queryFn: () => unwrap(api.modelSets.list()) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: compareKeys.modelSets });
  const save = useMutation({
    mutationFn: (set: { name: string; models: readonly string[] }) =>
      unwrap(api.modelSets.save({ name: set.name, models: [...set.models] })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (setId: string) => unwrap(api.modelSets.remove({ setId })),
    onSuccess: refresh,
  });
  return { sets: sets.data ?? [], save, remove };
}
