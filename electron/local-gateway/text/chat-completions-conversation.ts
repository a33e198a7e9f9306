import type { ChatCompletionRequest } from "../../../shared/gateway-api/chat-completions.ts";
import { invalidParams } from "../http-error.ts";
import { toolConversation, type ReadMessage, type ToolConversation } from "./tool-conversation.ts";

type ChatMessage = ChatCompletionRequest["messages"][number];

const textOf = (content: ChatMessage["content"]) =>
  content === null || content === undefined
    ? ""
    : typeof content === "string"
      ? content
      : content.map((part) => (part.type === "text" ? part.text : "")).join("");

function readMessage(message: ChatMessage, index: number): ReadMessage {
  if (message.role !== "tool") {
    const calls = message.role === "assistant" ? (message.tool_calls ?? []) : [];
    return {
      role: message.role,
      text: textOf(message.content),
      calls: calls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments })),
      results: [],
    };
  }
  if (message.tool_call_id === undefined) {
    throw invalidParams(`messages[${index}].tool_call_id is required in a message of role tool`);
  }
  const result = {
    callId: message.tool_call_id,
    content: textOf(message.content),
    isError: false,
    at: `messages[${index}].tool_call_id`,
  };
  return { role: "tool", text: "", calls: [], results: [result] };
}

/** A chat-completions conversation: `tool_calls` of assistant messages, and `role: "tool"` results. */
export const chatCompletionsConversation = (messages: readonly ChatMessage[]): ToolConversation =>
  toolConversation(messages.map(readMessage));
