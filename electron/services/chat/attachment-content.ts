import type { ChatCompletionRequest } from "../../../shared/gateway-api/chat-completions.ts";
import type { MessagesRequest } from "../../../shared/gateway-api/messages.ts";
import type { LoadedAttachment } from "./attachment-store.ts";

/** A message's files with their bytes, by message id; none for a message without any. */
export type AttachmentsOf = (messageId: string) => readonly LoadedAttachment[];
export const NO_ATTACHMENTS: AttachmentsOf = () => [];

type ChatContent = ChatCompletionRequest["messages"][number]["content"];
type MessagesContent = MessagesRequest["messages"][number]["content"];

const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** A fence longer than any run of backticks in the text, so the file's own fences cannot close it. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

const extensionOf = (name: string) => /\.([A-Za-z0-9+#-]{1,12})$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** What a document's heading says of it: its kind, its pages, and what of it was left out. */
function documentNote(file: LoadedAttachment): string {
  const summary = file.document;
  if (!summary) return "";
  const parts = [file.mime === "application/pdf" ? "PDF" : "Word document"];
  if (summary.pages !== null) {
    parts.push(
      summary.pagesRead !== null && summary.pagesRead < summary.pages
        ? `pages 1-${summary.pagesRead} of ${summary.pages}`
        : `${summary.pages} page${summary.pages === 1 ? "" : "s"}`,
    );
  }
  if (summary.cut) parts.push(`cut at ${summary.chars} characters`);
  return ` (${parts.join(", ")})`;
}

/** The text a file adds to its message: a text file's own, a document's as read from it. */
function inlinedText(file: LoadedAttachment): string | null {
  if (file.kind === "document") return file.text;
  if (file.kind === "text") return new TextDecoder().decode(file.data).replace(/^\uFEFF/, "");
  return null;
}

/**
 * The question's text, then each text file and document fenced under its name (a text file's
 * extension as the fence's language; a document's kind and pages beside its name).
 */
export function withInlinedFiles(text: string, files: readonly LoadedAttachment[]): string {
  const inlined = files.flatMap((file) => {
    const body = inlinedText(file);
    if (body === null) return [];
    const fence = fenceFor(body);
    const language = file.kind === "document" ? "text" : extensionOf(file.name);
    return [
      `${file.name}${documentNote(file)}:\n${fence}${language}\n${body}${body.endsWith("\n") ? "" : "\n"}${fence}`,
    ];
  });
  return [text, ...inlined].filter((part) => part.trim() !== "").join("\n\n");
}

const imagesOf = (files: readonly LoadedAttachment[]) => files.filter((file) => file.kind === "image");

/** Chat-completions content: the text alone, or text and `image_url` parts carrying `data:` URLs. */
export function chatCompletionsContent(text: string, files: readonly LoadedAttachment[]): ChatContent {
  const images = imagesOf(files);
  const body = withInlinedFiles(text, files);
  if (images.length === 0) return body;
  return [
    ...(body ? [{ type: "text" as const, text: body }] : []),
    ...images.map((image) => ({
      type: "image_url" as const,
      image_url: { url: `data:${image.mime};base64,${base64Of(image.data)}` },
    })),
  ];
}

/** Messages-format content: the text alone, or image blocks (base64) followed by the text, as that format advises. */
export function messagesContent(text: string, files: readonly LoadedAttachment[]): MessagesContent {
  const images = imagesOf(files);
  const body = withInlinedFiles(text, files);
  if (images.length === 0) return body;
  return [
    ...images.map((image) => ({
      type: "image" as const,
      source: { type: "base64" as const, media_type: image.mime, data: base64Of(image.data) },
    })),
    ...(body ? [{ type: "text" as const, text: body }] : []),
  ];
}
