import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import type { Comparison } from "../../../../shared/ipc/compare.ts";
import type { LiveReply, SentQuestion } from "./chat-store.ts";

/** A row of the transcript: a message, or a compared question's answers side by side. */
export type TranscriptItem =
  | { readonly kind: "message"; readonly key: string; readonly message: ChatMessage }
  | { readonly kind: "comparison"; readonly key: string; readonly comparison: Comparison };

/**
 * The shown path with its comparisons: the answer continued with stands as its whole comparison,
 * and a compared question nothing was chosen for yet (the path's end) is followed by its answers.
 */
export function transcriptItems(
  messages: readonly ChatMessage[],
  comparisons: readonly Comparison[],
): TranscriptItem[] {
  if (comparisons.length === 0) return messages.map((message) => ({ kind: "message", key: message.id, message }));
  const byQuestion = new Map(comparisons.map((comparison) => [comparison.questionId, comparison]));
  const byAnswer = new Map(
    comparisons.flatMap((comparison) => comparison.columns.map((column) => [column.messageId, comparison] as const)),
  );
  return messages.flatMap((message, index): TranscriptItem[] => {
    const answered = byAnswer.get(message.id);
    if (answered) return [{ kind: "comparison", key: answered.id, comparison: answered }];
    const item: TranscriptItem = { kind: "message", key: message.id, message };
    const asked = byQuestion.get(message.id);
    return asked && index === messages.length - 1
      ? [item, { kind: "comparison", key: asked.id, comparison: asked }]
      : [item];
  });
}

/**
 * The stored messages as shown beside the live reply: main writes the reply ahead, but it shows once,
 * live; the question sent with it is drawn as typed until the conversation read again holds it.
 */
export function messagesBesideLive(
  stored: readonly ChatMessage[],
  live: Pick<LiveReply, "assistantMessageId" | "question"> | null,
): readonly ChatMessage[] {
  if (!live) return stored;
  const { question } = live;
  const kept = stored.filter(
    (message) =>
      message.id !== live.assistantMessageId && !(message.role === "assistant" && writtenSinceSend(message, question)),
  );
  const held =
    question && stored.some((message) => message.id === question.storedAs || isStoredCopy(message, question));
  return question && !held ? [...kept, question.typed] : kept;
}

/** A message main wrote after Send: the question's stored copy, or the reply written ahead of its stream's name. */
const writtenSinceSend = (message: ChatMessage, question: SentQuestion | undefined): boolean =>
  question?.shownAtSend !== undefined && !question.shownAtSend.has(message.id);

const isStoredCopy = (message: ChatMessage, question: SentQuestion): boolean =>
  message.role === "user" && writtenSinceSend(message, question);
