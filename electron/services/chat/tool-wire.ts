import type { ChatCompletionRequest } from "../../../shared/gateway-api/chat-completions.ts";
import type { MessagesRequest } from "../../../shared/gateway-api/messages.ts";
import { roundsOf, type ToolRound } from "../../../shared/ipc/tool-rounds.ts";
import type { OfferedTool } from "./tool-box.ts";
import { argumentsObject } from "./tool-call-assembler.ts";
import { resultSentFor } from "./tool-history.ts";

type ChatMessages = ChatCompletionRequest["messages"];
type MessagesMessages = MessagesRequest["messages"];

/** The tools offered, as Chat Completions takes them. */
export const chatCompletionsTools = (tools: readonly OfferedTool[]): ChatCompletionRequest["tools"] =>
  tools.map((tool) => ({
    type: "function" as const,
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));

/** The tools offered, as the messages format takes them. */
export const messagesTools = (tools: readonly OfferedTool[]): MessagesRequest["tools"] =>
  tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));

/** A reply that used tools, in Chat Completions: each round's calls and their results, then its closing text. */
export function chatCompletionsRounds(content: string, rounds: readonly ToolRound[]): ChatMessages {
  const { parts, closing } = roundsOf(content, rounds);
  return [
    ...parts.flatMap((part): ChatMessages => [
      {
        role: "assistant",
        content: part.text || null,
        tool_calls: part.calls.map((call) => ({
          id: call.id,
          type: "function" as const,
          function: { name: call.name, arguments: call.arguments || "{}" },
        })),
      },
      ...part.calls.map((call) => ({ role: "tool" as const, tool_call_id: call.id, content: resultSentFor(call) })),
    ]),
    ...(closing ? [{ role: "assistant" as const, content: closing }] : []),
  ];
}

/** A reply that used tools, in the messages format: tool_use blocks, a user turn of results, its closing text. */
export function messagesRounds(content: string, rounds: readonly ToolRound[]): MessagesMessages {
  const { parts, closing } = roundsOf(content, rounds);
  return [
    ...parts.flatMap((part): MessagesMessages => [
      {
        role: "assistant",
        content: [
          ...(part.text.trim() ? [{ type: "text" as const, text: part.text }] : []),
          ...part.calls.map((call) => ({
            type: "tool_use" as const,
            id: call.id,
            name: call.name,
            input: argumentsObject(call.arguments) ?? {},
          })),
        ],
      },
      {
        role: "user",
        content: part.calls.map((call) => ({
          type: "tool_result" as const,
          tool_use_id: call.id,
          content: resultSentFor(call),
          ...(call.state === "done" ? {} : { is_error: true }),
        })),
      },
    ]),
    ...(closing.trim() ? [{ role: "assistant" as const, content: closing }] : []),
  ];
}
