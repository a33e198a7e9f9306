import type { ConversationDetail } from "../../../shared/ipc/chat.ts";

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

/** A conversation as a Markdown document or as JSON (everything, including metadata). */
export function exportConversation(detail: ConversationDetail, format: "markdown" | "json") {
  const stem = fileStem(detail.conversation.title);
  if (format === "json") {
    return { fileName: `${stem}.json`, mimeType: "application/json", content: JSON.stringify(detail, null, 2) };
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
    lines.push(message.content || "_(no text)_", "");
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
