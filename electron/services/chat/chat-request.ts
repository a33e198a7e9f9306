import type { ChatCompletionRequest } from "../../../shared/gateway-api/chat-completions.ts";
import type { MessagesRequest } from "../../../shared/gateway-api/messages.ts";
import type { ChatSettings } from "../../../shared/ipc/chat.ts";
import type { Turn } from "./conversation-rows.ts";
import type { OfferedTool } from "./tool-box.ts";
import { roundsAsText } from "./tool-history.ts";
import { chatCompletionsRounds, chatCompletionsTools, messagesRounds, messagesTools } from "./tool-wire.ts";
import {
  chatCompletionsContent,
  messagesContent,
  NO_ATTACHMENTS,
  withInlinedFiles,
  type AttachmentsOf,
} from "./attachment-content.ts";

/** The turns a reply is based on: what was said (with any files or tool calls), without failed replies or empty ones. */
function turnsOf(messages: readonly Turn[]): Turn[] {
  return messages.filter(
    (message) =>
      message.status !== "error" &&
      (message.content.trim() !== "" ||
        (message.attachments?.length ?? 0) > 0 ||
        (message.toolRounds?.length ?? 0) > 0),
  );
}

/** A turn's text as a request without tools sends it: a reply's tool calls and results said in words. */
const textOfTurn = (message: Turn): string =>
  message.toolRounds?.length ? roundsAsText(message.content, message.toolRounds) : message.content;

/** The turns as text: text files inlined, images left out (web search and token estimates take text). */
export function historyOf(
  messages: readonly Turn[],
  attachmentsOf: AttachmentsOf = NO_ATTACHMENTS,
): { role: "user" | "assistant"; content: string }[] {
  return turnsOf(messages).map((message) => ({
    role: message.role,
    content: message.attachments ? withInlinedFiles(message.content, attachmentsOf(message.id)) : textOfTurn(message),
  }));
}

/** Whether any turn sent with these messages carries an image. */
export const carriesImages = (messages: readonly Turn[]): boolean =>
  turnsOf(messages).some((message) => message.attachments?.some((file) => file.kind === "image"));

export function chatCompletionsRequest(
  settings: ChatSettings,
  messages: readonly Turn[],
  attachmentsOf: AttachmentsOf = NO_ATTACHMENTS,
  tools: readonly OfferedTool[] = [],
): ChatCompletionRequest {
  const system = settings.systemPrompt.trim() ? [{ role: "system" as const, content: settings.systemPrompt }] : [];
  return {
    model: settings.model,
    messages: [
      ...system,
      ...turnsOf(messages).flatMap((message): ChatCompletionRequest["messages"] =>
        message.toolRounds?.length && tools.length > 0
          ? chatCompletionsRounds(message.content, message.toolRounds)
          : [
              {
                role: message.role,
                content: message.attachments
                  ? chatCompletionsContent(message.content, attachmentsOf(message.id))
                  : textOfTurn(message),
              },
            ],
      ),
    ],
    temperature: settings.temperature,
    top_p: settings.topP,
    max_tokens: settings.maxTokens,
    ...(tools.length > 0 ? { tools: chatCompletionsTools(tools) } : {}),
  };
}

export function messagesRequest(
  settings: ChatSettings,
  messages: readonly Turn[],
  attachmentsOf: AttachmentsOf = NO_ATTACHMENTS,
  tools: readonly OfferedTool[] = [],
): MessagesRequest {
  return {
    model: settings.model,
    messages: turnsOf(messages).flatMap((message): MessagesRequest["messages"] =>
      message.toolRounds?.length && tools.length > 0
        ? messagesRounds(message.content, message.toolRounds)
        : [
            {
              role: message.role,
              content: message.attachments
                ? messagesContent(message.content, attachmentsOf(message.id))
                : textOfTurn(message),
            },
          ],
    ),
    ...(settings.systemPrompt.trim() ? { system: settings.systemPrompt } : {}),
    max_tokens: settings.maxTokens,
    temperature: settings.temperature,
    top_p: settings.topP,
    ...(settings.stopSequences.length > 0 ? { stop_sequences: settings.stopSequences } : {}),
    ...(tools.length > 0 ? { tools: messagesTools(tools) } : {}),
  };
}
