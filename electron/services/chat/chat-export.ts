import type { ConversationDetail } from "../../../shared/ipc/chat.ts";
import type { AttachmentData } from "../../../shared/ipc/attachments.ts";
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

/**
 * A conversation as a Markdown document or as JSON (everything, including metadata). Attached
 * files travel inside the one file: images as `data:` URLs (Markdown) or base64 `data` (JSON).
 */
export function exportConversation(
  detail: ConversationDetail,
  format: "markdown" | "json",
  attachmentData: (attachmentId: string) => AttachmentData,
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
    return {
      fileName: `${stem}.json`,
      mimeType: "application/json",
      content: JSON.stringify({ ...detail, messages }, null, 2),
    };
  }
  const { conversation, messages } = detail;
  const lines = [
    `# ${conversation.title ?? "Untitled conversation"}`,
    "",
    `Model: ${conversation.settings.model} · ${conversation.settings.wireFormat}`,
    "",
  ];
  if (conversation.settings.systemPrompt.trim()) lines.push(`> System: ${conversation.settings.systemPrompt}`, "");
  for (const message of messages) {
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
    const notes = [
      message.status !== "complete" ? message.status : null,
      message.meta?.finish ? FINISH_LABELS[message.meta.finish] : null,
      message.meta?.requestId ? `request ${message.meta.requestId}` : null,
      message.error ? `${message.error.code}: ${message.error.message}` : null,
    ].filter(Boolean);
    if (notes.length > 0) lines.push(`<sub>${notes.join(" · ")}</sub>`, "");
  }
  return { fileName: `${stem}.md`, mimeType: "text/markdown", content: lines.join("\n") };
}
