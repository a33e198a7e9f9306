import type { ModelConfig } from "../config.ts";
import type { ToolOffer } from "./offered-tools.ts";
import { writeReply, type ConversationTurn } from "./reply-writer.ts";
import type { ModelAnswer } from "./text-job.ts";
import { plannedCall, type PlannedCall } from "./tool-calls.ts";
import type { ToolConversation } from "./tool-conversation.ts";
import { quoteResults } from "./tool-results.ts";

/** How a wire format writes calls: its call ids, and what the model says before one. */
interface CallStyle {
  readonly newCallId: () => string;
  readonly lead: (call: PlannedCall) => string;
}

/**
 * The parts of a text job that tools change: the conversation's turns, the tools counted in the
 * prompt, and the answer: the results quoted when the conversation ends with them, else a call
 * when the question names a tool (or the tool choice forces one), else the usual text.
 */
export function toolAwareJob(offer: ToolOffer, conversation: ToolConversation, style: CallStyle) {
  return {
    turns: conversation.turns,
    tools: offer.tools,
    usesTools: offer.tools.length > 0 || conversation.usesTools,
    answer(model: ModelConfig, turns: readonly ConversationTurn[]): ModelAnswer {
      if (conversation.lastResults.length > 0) return quoteResults(conversation.lastResults);
      const call = plannedCall(offer, conversation.question, style.newCallId);
      return call === null ? writeReply(model.code, turns) : { lead: style.lead(call), call };
    },
  };
}
