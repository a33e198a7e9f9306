import { invalidParams } from "../http-error.ts";
import type { ConversationTurn } from "./reply-writer.ts";

/** A call an assistant message made, its arguments as JSON. */
interface MadeCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** A result the client sent back; `at` is where its call id is in the request, for a 400. */
export interface ToolResult {
  readonly callId: string;
  readonly content: string;
  readonly isError: boolean;
  readonly at: string;
}

/** A message as both wire formats carry it: its text, the calls it made, the results it brings. */
export interface ReadMessage {
  readonly role: ConversationTurn["role"];
  readonly text: string;
  readonly calls: readonly MadeCall[];
  readonly results: readonly ToolResult[];
}

export interface AnsweredCall extends ToolResult {
  readonly name: string;
}

export interface ToolConversation {
  /** Every message as text (calls and results written out), for the prompt's tokens and the reply. */
  readonly turns: readonly ConversationTurn[];
  /** The last user message that is not only tool results: what the model acts on. */
  readonly question: string;
  /** The results the conversation ends with, each with its tool's name. */
  readonly lastResults: readonly AnsweredCall[];
  /** Whether any message makes a call or brings a result. */
  readonly usesTools: boolean;
}

const onlyResults = (message: ReadMessage) => message.text === "" && message.results.length > 0;

function turnOf(message: ReadMessage): ConversationTurn {
  const parts = [
    message.text,
    ...message.calls.map((call) => `${call.name} ${call.arguments}`),
    ...message.results.map((result) => result.content),
  ];
  return {
    role: message.role === "user" && onlyResults(message) ? "tool" : message.role,
    content: parts.filter((part) => part !== "").join("\n"),
  };
}

/** Reads a conversation; a result whose call id no earlier message made is refused (400). */
export function toolConversation(messages: readonly ReadMessage[]): ToolConversation {
  const toolOfCall = new Map<string, string>();
  for (const message of messages) {
    for (const result of message.results) {
      if (!toolOfCall.has(result.callId)) {
        throw invalidParams(`${result.at}: no tool call with the id "${result.callId}" comes before this result`);
      }
    }
    for (const call of message.calls) toolOfCall.set(call.id, call.name);
  }
  const firstOfLast = messages.findLastIndex((message) => message.results.length === 0) + 1;
  const lastResults = messages
    .slice(firstOfLast)
    .flatMap((message) => message.results)
    .map((result) => ({ ...result, name: toolOfCall.get(result.callId) ?? "" }));
  const asked = messages.findLast((message) => message.role === "user" && !onlyResults(message));
  return {
    turns: messages.map(turnOf),
    question: asked?.text ?? "",
    lastResults,
    usesTools: messages.some((message) => message.calls.length > 0 || message.results.length > 0),
  };
}
