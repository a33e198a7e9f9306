import type { AssistantDocument } from "../../../shared/ipc/assistants.ts";
import { fenceFor } from "./attachment-content.ts";

/**
 * The system prompt with the documents of the assistant a conversation was started from after it,
 * each under its name in a fence longer than any run of backticks in its text (as attached files are).
 */
export function withAssistantDocuments(systemPrompt: string, documents: readonly AssistantDocument[]): string {
  const fenced = documents.map(({ name, text }) => {
    const fence = fenceFor(text);
    return `${name}:\n${fence}\n${text}${text.endsWith("\n") ? "" : "\n"}${fence}`;
  });
  return [systemPrompt, ...fenced].filter((part) => part.trim() !== "").join("\n\n");
}
