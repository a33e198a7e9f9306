import type { MessagesRequest } from "../../../shared/gateway-api/messages.ts";
import { toolConversation, type ReadMessage, type ToolConversation } from "./tool-conversation.ts";

type WireMessage = MessagesRequest["messages"][number];

const textOf = (blocks: readonly { type: string; text?: string }[]) =>
  blocks.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");

function readMessage({ role, content }: WireMessage, index: number): ReadMessage {
  if (typeof content === "string") return { role, text: content, calls: [], results: [] };
  const calls = content.flatMap((block) =>
    block.type === "tool_use" && role === "assistant"
      ? [{ id: block.id, name: block.name, arguments: JSON.stringify(block.input) }]
      : [],
  );
  const results = content.flatMap((block, blockIndex) =>
    block.type === "tool_result" && role === "user"
      ? [
          {
            callId: block.tool_use_id,
            content: typeof block.content === "string" ? block.content : textOf(block.content ?? []),
            isError: block.is_error === true,
            at: `messages[${index}].content[${blockIndex}].tool_use_id`,
          },
        ]
      : [],
  );
  return { role, text: textOf(content), calls, results };
}

/** A messages-format conversation: `tool_use` blocks of assistant turns, `tool_result` blocks of user turns. */
export function messagesConversation(
  system: MessagesRequest["system"],
  messages: readonly WireMessage[],
): ToolConversation {
  const systemText = system === undefined ? [] : [typeof system === "string" ? system : textOf(system)];
  const systemMessages = systemText.map((text) => ({ role: "system" as const, text, calls: [], results: [] }));
  return toolConversation([...systemMessages, ...messages.map(readMessage)]);
}
