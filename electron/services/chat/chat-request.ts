import type { ChatCompletionRequest } from "../../../shared/gateway-api/chat-completions.ts";
import type { MessagesRequest } from "../../../shared/gateway-api/messages.ts";
import type { ChatMessage, ChatSettings } from "../../../shared/ipc/chat.ts";

/** The turns a reply is based on: what was said, without failed replies or empty ones. */
export function historyOf(messages: readonly ChatMessage[]): { role: "user" | "assistant"; content: string }[] {
  return messages
    .filter((message) => message.status !== "error" && message.content.trim() !== "")
    .map((message) => ({ role: message.role, content: message.content }));
}

export function chatCompletionsRequest(
  settings: ChatSettings,
  messages: readonly ChatMessage[],
): ChatCompletionRequest {
  const system = settings.systemPrompt.trim() ? [{ role: "system" as const, content: settings.systemPrompt }] : [];
  return {
    model: settings.model,
    messages: [...system, ...historyOf(messages)],
    temperature: settings.temperature,
    top_p: settings.topP,
    max_tokens: settings.maxTokens,
  };
}

export function messagesRequest(settings: ChatSettings, messages: readonly ChatMessage[]): MessagesRequest {
  return {
    model: settings.model,
    messages: historyOf(messages),
    ...(settings.systemPrompt.trim() ? { system: settings.systemPrompt } : {}),
    max_tokens: settings.maxTokens,
    temperature: settings.temperature,
    top_p: settings.topP,
    ...(settings.stopSequences.length > 0 ? { stop_sequences: settings.stopSequences } : {}),
  };
}
