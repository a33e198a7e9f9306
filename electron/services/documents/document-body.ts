import { DOCUMENT_CHARS_MAX, type DocumentFormat, type DocumentText } from "../../../shared/ipc/documents.ts";

/** Control characters a text layer may hold that no model reads as text (tab and line breaks are kept). */
const CONTROLS = /[^\P{Cc}\t\n\r]/gu;

const cleaned = (text: string) =>
  text
    .replace(CONTROLS, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/** The first `max` characters, never ending inside a surrogate pair. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** Why a document gives no text: it has none (a scan, an empty file), so nothing would be sent. */
export class NoTextError extends Error {
  override readonly name = "NoTextError";
}

/**
 * A document's text as it is sent: a PDF's pages each under `[Page n]` (so a reply can cite them),
 * a Word document's paragraphs as they are; cut at DOCUMENT_CHARS_MAX.
 */
export function documentBody(format: DocumentFormat, pageTexts: readonly string[], pages: number | null): DocumentText {
  const texts = pageTexts.map(cleaned);
  if (texts.every((text) => text === "")) throw new NoTextError();
  const whole =
    format === "pdf"
      ? texts.map((text, index) => `[Page ${index + 1}]\n${text}`.trimEnd()).join("\n\n")
      : texts.join("\n\n");
  const text = cutAt(whole, DOCUMENT_CHARS_MAX);
  return {
    format,
    pages,
    pagesRead: format === "pdf" ? pageTexts.length : null,
    text,
    cut: text.length < whole.length,
  };
}
