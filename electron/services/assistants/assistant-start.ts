import type { z } from "zod";
import { avatarOf, type Assistant, type AssistantStartSchema } from "../../../shared/ipc/assistants.ts";
import type { ChatSettings } from "../../../shared/ipc/chat.ts";
import type { ConversationStore } from "../chat/conversation-store.ts";
import type { ConversationToolStore } from "../chat/conversation-tool-store.ts";
import type { ModelSetStore } from "../chat/model-set-store.ts";
import type { AssistantStore } from "./assistant-store.ts";

type AssistantStart = z.infer<typeof AssistantStartSchema>;

/**
 * A conversation's settings from an assistant: its model, else the first of its model set, else the
 * model of `defaults` (the active profile's), which also fill what an assistant does not hold.
 */
export function settingsFrom(assistant: Assistant, defaults: ChatSettings, setModel: string | null): ChatSettings {
  const { systemPrompt, model, wireFormat, temperature, topP, maxTokens, stream } = assistant;
  const chosen = model || setModel || defaults.model;
  return { ...defaults, systemPrompt, model: chosen, wireFormat, temperature, topP, maxTokens, stream };
}

/**
 * Starts a conversation from an assistant (reusing the newest empty untitled one), recording the
 * assistant as it is now and offering its tools under its cost cap; with a model set that still
 * exists, Compare opens with the set's models.
 */
export function startWithAssistant(
  stores: {
    assistants: AssistantStore;
    modelSets: ModelSetStore;
    conversations: ConversationStore;
    conversationTools: ConversationToolStore;
  },
  assistantId: string,
  defaults: ChatSettings,
): AssistantStart {
  const assistant = stores.assistants.get(assistantId);
  const set = stores.modelSets.list().find((candidate) => candidate.id === assistant.modelSetId) ?? null;
  const settings = settingsFrom(assistant, defaults, set?.models[0] ?? null);
  const conversation = stores.conversations.startWith(settings, {
    id: assistant.id,
    name: assistant.name,
    avatar: avatarOf(assistant),
  });
  const { servers, turnCostCap } = assistant.tools;
  stores.conversationTools.save(conversation.id, { servers, alwaysAllowed: [], turnCostCap });
  return { conversation, compareModels: set ? set.models : null };
}
