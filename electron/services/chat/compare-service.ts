import type { ChatMessage } from "../../../shared/ipc/chat.ts";
import type { ComparisonRun } from "../../../shared/ipc/compare.ts";
import type { Page } from "../../common/pages.ts";
import type { ConversationStore } from "./conversation-store.ts";
import type { ReplyProducer } from "./reply-producer.ts";

/**
 * Compare: one question, sent once, answered by 2-4 models side by side. Each answer is its own
 * streamed reply (its own paid call, linked to the conversation and to that answer in the ledger),
 * started together, each through the key's scheduler like any reply; the page stops them one by
 * one or all. The conversation goes on from the answer the user continues with.
 */
export class CompareService {
  private readonly store: ConversationStore;
  private readonly replies: ReplyProducer;

  constructor(store: ConversationStore, replies: ReplyProducer) {
    this.store = store;
    this.replies = replies;
  }

  send(page: Page, conversationId: string, content: string, models: readonly string[]): ComparisonRun {
    this.replies.refuseDeletedProfile(conversationId);
    this.store.comparisons.refuseUnchosen(conversationId);
    const userMessage = this.store.appendMessage({ conversationId, role: "user", content, status: "complete" });
    return this.ask(page, conversationId, userMessage, models);
  }

  /**
   * Regenerate on a comparison: its question asked again, as a new version beside it (the earlier one
   * keeps its answers and what followed them), and put to all its models again.
   */
  again(page: Page, conversationId: string, comparisonId: string): ComparisonRun {
    this.replies.refuseDeletedProfile(conversationId);
    const { content, parentId, models } = this.store.comparisons.asked(conversationId, comparisonId);
    const userMessage = this.store.appendMessage({
      conversationId,
      role: "user",
      content,
      status: "complete",
      parentId,
    });
    return this.ask(page, conversationId, userMessage, models);
  }

  private ask(page: Page, conversationId: string, userMessage: ChatMessage, models: readonly string[]): ComparisonRun {
    const context = this.replies.context(conversationId);
    const planned = models.map((model) => ({ model, messageId: crypto.randomUUID() }));
    const comparisonId = this.store.comparisons.create(conversationId, userMessage.id, planned);
    const columns = planned.map(({ model, messageId }) => ({
      model,
      assistantMessageId: messageId,
      streamId: this.replies.open(page, {
        ...context,
        settings: { ...context.settings, model },
        conversationId,
        assistantMessageId: messageId,
        searchWeb: false,
        showAsLeaf: false,
      }),
    }));
    return { comparisonId, userMessage, columns };
  }
}
