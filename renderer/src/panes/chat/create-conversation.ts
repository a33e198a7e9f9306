import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";

/**
 * A new conversation (or the empty one reused), with the model chosen before it existed, if any:
 * asked for once main has answered, so a choice made meanwhile is not left behind.
 */
export async function createConversation(chosenModel: () => string | null): Promise<ConversationSummary> {
  const conversation = await unwrap(api.chat.create());
  const model = chosenModel();
  if (model === null || model === conversation.settings.model) return conversation;
  const settings = { ...conversation.settings, model };
  return unwrap(api.chat.updateSettings({ conversationId: conversation.id, settings }));
}
