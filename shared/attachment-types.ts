import type { ImageAttachmentType } from "./ipc/attachments.ts";
import type { DocumentFormat } from "./ipc/documents.ts";
import { bytesAt, textAt } from "./byte-signatures.ts";

const IMAGE_SIGNATURES: readonly { mime: ImageAttachmentType; matches: (head: Uint8Array) => boolean }[] = [
  { mime: "image/png", matches: (head) => bytesAt(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: "image/jpeg", matches: (head) => bytesAt(head, 0, [0xff, 0xd8, 0xff]) },
  { mime: "image/gif", matches: (head) => textAt(head, 0, "GIF87a") || textAt(head, 0, "GIF89a") },
  { mime: "image/webp", matches: (head) => textAt(head, 0, "RIFF") && textAt(head, 8, "WEBP") },
];

/** How many first bytes tell an image's type. */
export const IMAGE_SIGNATURE_BYTES = 12;

/** The image type the bytes begin with (whatever a file's name or declared type says); null: not one we take. */
export function imageTypeOf(head: Uint8Array): ImageAttachmentType | null {
  return IMAGE_SIGNATURES.find((signature) => signature.matches(head))?.mime ?? null;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of a file that is UTF-8 without NUL bytes; null for anything binary. */
export function plainTextOf(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return strictUtf8.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

/** How many first bytes tell a document's type. */
export const DOCUMENT_SIGNATURE_BYTES = 5;

/**
 * The document type the bytes begin with: a PDF header, or a ZIP archive (a Word `.docx` is one;
 * any other archive is refused when it is read). Null: not a document we read.
 */
export function documentFormatOf(head: Uint8Array): DocumentFormat | null {
  if (bytesAt(head, 0, [0x50, 0x4b, 0x03, 0x04])) return "docx";
  return textAt(head, 0, "%PDF-") ? "pdf" : null;
}
