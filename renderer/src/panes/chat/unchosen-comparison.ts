import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import type { Comparison } from "../../../../shared/ipc/compare.ts";

/**
 * The comparison the conversation waits on: its question ends the shown path, so nothing can follow
 * until one of its answers is continued with (main refuses a new message meanwhile). One chosen a
 * moment ago waits no more, though the path read again has yet to end at its answer.
 */
export function unchosenComparison(
  messages: readonly ChatMessage[],
  comparisons: readonly Comparison[],
): Comparison | null {
  const last = messages.at(-1);
  if (last?.role !== "user") return null;
  const asked = comparisons.findLast((comparison) => comparison.questionId === last.id);
  return asked && asked.chosenId === null ? asked : null;
}
