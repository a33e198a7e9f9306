import type { ChatMessage, ConversationDetail } from "../../../shared/ipc/chat.ts";
import type { AttachmentData } from "../../../shared/ipc/attachments.ts";
import type { Comparison } from "../../../shared/ipc/compare.ts";
import { fenceFor } from "./attachment-content.ts";

const FINISH_LABELS = {
  finished: "finished",
  max_tokens: "cut at max tokens",
  stop_sequence: "stop sequence",
} as const;

function fileStem(title: string | null): string {
  return (
    (title ?? "")
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "conversation"
  );
}

/** An attached file in Markdown: an image embedded as a `data:` URL, a text file fenced under its name. */
function attachmentMarkdown({ attachment, data }: AttachmentData): string[] {
  if (attachment.kind === "image") {
    return [`![${attachment.name.replace(/[[\]\\]/g, "\\$&")}](data:${attachment.mime};base64,${data})`, ""];
  }
  const text = Buffer.from(data, "base64").toString("utf8");
  const fence = fenceFor(text);
  return [`${attachment.name}:`, "", fence, text.replace(/\n$/, ""), fence, ""];
}

/** The figures under an answer: status, finish, request id and error, as one quiet line. */
function notesOf(message: ChatMessage): string[] {
  const notes = [
    message.status !== "complete" ? message.status : null,
    message.meta?.finish ? FINISH_LABELS[message.meta.finish] : null,
    message.meta?.requestId ? `request ${message.meta.requestId}` : null,
    message.error ? `${message.error.code}: ${message.error.message}` : null,
  ].filter((note) => note !== null);
  return notes.length > 0 ? [`<sub>${notes.join(" · ")}</sub>`, ""] : [];
}

/** Every answer of a comparison, in the order the models were picked; the one continued with says so. */
function comparisonLines(comparison: Comparison): string[] {
  return [
    `### Compared: ${comparison.columns.map((column) => column.model).join(", ")}`,
    "",
    ...comparison.columns.flatMap((column) => [
      `#### ${column.model}${column.messageId === comparison.chosenId ? " (continued with this answer)" : ""}`,
      "",
      column.message?.content || "_(no text)_",
      "",
      ...(column.message ? notesOf(column.message) : []),
    ]),
  ];
}

/**
 * A conversation as a Markdown document or as JSON (everything, including metadata). Attached
 * files travel inside the one file: images as `data:` URLs (Markdown) or base64 `data` (JSON). A
 * compared question is followed by all its answers, whichever the conversation went on from.
 */
export function exportConversation(
  detail: ConversationDetail,
  format: "markdown" | "json",
  attachmentData: (attachmentId: string) => AttachmentData,
  comparisons: readonly Comparison[] = [],
) {
  const stem = fileStem(detail.conversation.title);
  const filesOf = (message: ConversationDetail["messages"][number]) =>
    (message.attachments ?? []).map((attachment) => attachmentData(attachment.id));
  if (format === "json") {
    const messages = detail.messages.map((message) =>
      message.attachments
        ? { ...message, attachments: filesOf(message).map(({ attachment, data }) => ({ ...attachment, data })) }
        : message,
    );
    const content = JSON.stringify({ ...detail, messages, comparisons }, null, 2);
    return { fileName: `${stem}.json`, mimeType: "application/json", content };
  }
  const compared = new Map(comparisons.map((comparison) => [comparison.questionId, comparison]));
  const answers = new Set(comparisons.flatMap((comparison) => comparison.columns.map((column) => column.messageId)));
  const { conversation, messages } = detail;
  const lines = [
    `# ${conversation.title ?? "Untitled conversation"}`,
    "",
    `Model: ${conversation.settings.model} · ${conversation.settings.wireFormat}`,
    "",
  ];
  if (conversation.settings.systemPrompt.trim()) lines.push(`> System: ${conversation.settings.systemPrompt}`, "");
  for (const message of messages) {
    if (answers.has(message.id)) continue;
    lines.push(
      `## ${message.role === "user" ? "You" : `Assistant (${message.meta?.model ?? conversation.settings.model})`}`,
      "",
    );
    if (message.content || !message.attachments) lines.push(message.content || "_(no text)_", "");
    for (const file of filesOf(message)) lines.push(...attachmentMarkdown(file));
    if (message.meta?.sources.length) {
      lines.push(
        "Sources:",
        ...message.meta.sources.map((source, index) => `${index + 1}. [${source.title}](${source.url})`),
        "",
      );
    }
    lines.push(...notesOf(message));
    const comparison = compared.get(message.id);
    if (comparison) lines.push(...comparisonLines(comparison));
  }
  return { fileName: `${stem}.md`, mimeType: "text/markdown", content: lines.join("\n") };
}
