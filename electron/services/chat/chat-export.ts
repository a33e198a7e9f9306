import type { ChatMessage, ConversationDetail } from "../../../shared/ipc/chat.ts";
import type { AttachmentData } from "../../../shared/ipc/attachments.ts";
import type { Comparison } from "../../../shared/ipc/compare.ts";
import { fenceFor } from "./attachment-content.ts";
import type { ProfileName } from "./conversation-search.ts";
import { inertBody } from "./inert-markdown-body.ts";
import { inertLink, inertText, visibleEscapes } from "./inert-markdown-text.ts";

const FINISH_LABELS = {
  finished: "finished",
  max_tokens: "cut at max tokens",
  stop_sequence: "stop sequence",
} as const;

/** A file name's stem from a title: its letters and digits joined by hyphens, or `fallback` for none. */
export function fileStem(title: string | null, fallback = "conversation"): string {
  return (
    (title ?? "")
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || fallback
  );
}

/**
 * An attached file in Markdown: an image embedded as a `data:` URL (only an image type and base64,
 * else its name alone), a text file fenced under its name, a document named with its pages and length
 * (its text is the file's, kept in the JSON export).
 */
function attachmentMarkdown({ attachment, data }: AttachmentData): string[] {
  const name = inertText(attachment.name);
  if (attachment.kind === "document") {
    const { pages, chars } = attachment.document ?? { pages: null, chars: 0 };
    return [
      `${name} (${[pages === null ? null : `${pages} pages`, `${chars} characters`].filter(Boolean).join(", ")})`,
      "",
    ];
  }
  if (attachment.kind === "image") {
    const embeddable = /^image\/[\w.+-]+$/.test(attachment.mime) && /^[A-Za-z0-9+/]*={0,2}$/.test(data);
    return [embeddable ? `![${name}](data:${attachment.mime};base64,${data})` : name, ""];
  }
  const text = visibleEscapes(Buffer.from(data, "base64").toString("utf8"));
  const fence = fenceFor(text);
  return [`${name}:`, "", fence, text.replace(/\n$/, ""), fence, ""];
}

/** The figures under an answer: status, finish, request id and error, as one quiet line. */
function notesOf(message: ChatMessage): string[] {
  const notes = [
    message.status !== "complete" ? message.status : null,
    message.meta?.finish ? FINISH_LABELS[message.meta.finish] : null,
    message.meta?.requestId ? `request ${message.meta.requestId}` : null,
    message.error ? `${message.error.code}: ${message.error.message}` : null,
  ].filter((note) => note !== null);
  return notes.length > 0 ? [`<sub>${notes.map(inertText).join(" · ")}</sub>`, ""] : [];
}

/** The system prompt quoted line by line, each line as text: it is the user's, but not a message. */
function systemPromptLines(prompt: string): string[] {
  const [first = "", ...rest] = prompt.split(/\r\n?|\n/);
  return [`> System: ${inertText(first)}`, ...rest.map((line) => `> ${inertText(line)}`.trimEnd()), ""];
}

/** Every answer of a comparison, in the order the models were picked; the one continued with says so. */
function comparisonLines(comparison: Comparison): string[] {
  return [
    `### Compared: ${comparison.columns.map((column) => inertText(column.model)).join(", ")}`,
    "",
    ...comparison.columns.flatMap((column) => [
      `#### ${inertText(column.model)}${column.messageId === comparison.chosenId ? " (continued with this answer)" : ""}`,
      "",
      column.message?.content ? inertBody(column.message.content) : "_(no text)_",
      "",
      ...(column.message ? notesOf(column.message) : []),
    ]),
  ];
}

/** The profile a conversation belongs to, by its id; its name null once it was deleted. */
function profileOf(detail: ConversationDetail, profiles: readonly ProfileName[]) {
  const id = detail.conversation.settings.profileId;
  return { id, name: profiles.find((profile) => profile.id === id)?.name ?? null };
}

/**
 * A conversation as a Markdown document or as JSON (everything, including metadata and its
 * profile). Attached files travel inside the one file: images as `data:` URLs (Markdown) or base64
 * `data` (JSON). A compared question is followed by all its answers, whichever the conversation went on from.
 */
export function exportConversation(
  detail: ConversationDetail,
  format: "markdown" | "json",
  attachmentData: (attachmentId: string) => AttachmentData,
  comparisons: readonly Comparison[] = [],
  profiles: readonly ProfileName[] = [],
) {
  const stem = fileStem(detail.conversation.title);
  const profile = profileOf(detail, profiles);
  const filesOf = (message: ConversationDetail["messages"][number]) =>
    (message.attachments ?? []).map((attachment) => attachmentData(attachment.id));
  if (format === "json") {
    const messages = detail.messages.map((message) =>
      message.attachments
        ? { ...message, attachments: filesOf(message).map(({ attachment, data }) => ({ ...attachment, data })) }
        : message,
    );
    const content = JSON.stringify({ ...detail, profile, messages, comparisons }, null, 2);
    return { fileName: `${stem}.json`, mimeType: "application/json", content };
  }
  const compared = new Map(comparisons.map((comparison) => [comparison.questionId, comparison]));
  const answers = new Set(comparisons.flatMap((comparison) => comparison.columns.map((column) => column.messageId)));
  const { conversation, messages } = detail;
  const lines = [
    `# ${conversation.title === null ? "Untitled conversation" : inertText(conversation.title)}`,
    "",
    `Model: ${inertText(conversation.settings.model)} · ${conversation.settings.wireFormat}`,
    "",
  ];
  if (profile.id !== null) lines.push(`Profile: ${profile.name === null ? "(deleted)" : inertText(profile.name)}`, "");
  if (conversation.settings.systemPrompt.trim()) lines.push(...systemPromptLines(conversation.settings.systemPrompt));
  for (const message of messages) {
    if (answers.has(message.id)) continue;
    lines.push(
      `## ${message.role === "user" ? "You" : `Assistant (${inertText(message.meta?.model ?? conversation.settings.model)})`}`,
      "",
    );
    if (message.content || !message.attachments) {
      lines.push(message.content ? inertBody(message.content) : "_(no text)_", "");
    }
    for (const file of filesOf(message)) lines.push(...attachmentMarkdown(file));
    if (message.meta?.sources.length) {
      lines.push(
        "Sources:",
        ...message.meta.sources.map((source, index) => `${index + 1}. ${inertLink(source.title, source.url)}`),
        "",
      );
    }
    lines.push(...notesOf(message));
    const comparison = compared.get(message.id);
    if (comparison) lines.push(...comparisonLines(comparison));
  }
  return { fileName: `${stem}.md`, mimeType: "text/markdown", content: lines.join("\n") };
}
