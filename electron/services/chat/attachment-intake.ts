import { createHash } from "node:crypto";
import {
  documentFormatOf,
  DOCUMENT_SIGNATURE_BYTES,
  imageTypeOf,
  IMAGE_SIGNATURE_BYTES,
  plainTextOf,
} from "../../../shared/attachment-types.ts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  base64Length,
  decodedLength,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
  type AttachmentInput,
} from "../../../shared/ipc/attachments.ts";
import { DOCUMENT_ATTACHMENT_MAX_BYTES, type DocumentText } from "../../../shared/ipc/documents.ts";
import { appError } from "../app-error.ts";
import type { DocumentReader } from "../documents/document-reader.ts";

/** A checked file, ready to be kept with its message; a document with the text read from it. */
export interface AcceptedAttachment {
  readonly name: string;
  readonly kind: "image" | "text" | "document";
  readonly mime: string;
  readonly bytes: Uint8Array;
  readonly sha256: string;
  readonly document?: DocumentText;
}

const DOCUMENT_MIMES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;

/**
 * Files from the window are hostile input: each is decoded only once its encoded length is known to
 * be within bounds, and its type is told by its bytes (an image signature, a PDF or Word document's,
 * else UTF-8 text without NUL bytes), never by its name. A document's text is read off the main
 * thread. Refuses the whole message with the first problem found.
 */
export async function acceptAttachments(
  inputs: readonly AttachmentInput[],
  documents: DocumentReader,
): Promise<AcceptedAttachment[]> {
  if (inputs.length > ATTACHMENTS_MAX) throw appError("ATTACHMENTS_TOO_MANY");
  const total = inputs.reduce((sum, input) => sum + decodedLength(input.data), 0);
  if (total > ATTACHMENTS_TOTAL_MAX_BYTES) throw appError("ATTACHMENTS_TOO_LARGE");
  const accepted: AcceptedAttachment[] = [];
  for (const input of inputs) accepted.push(await acceptOne(input, documents));
  return accepted;
}

/** One file as main takes it: checked, typed by its bytes and, for a document, read. */
export async function acceptOne(input: AttachmentInput, documents: DocumentReader): Promise<AcceptedAttachment> {
  if (input.data.length > base64Length(ATTACHMENT_MAX_BYTES)) throw appError("ATTACHMENT_TOO_LARGE");
  if (input.data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(input.data)) {
    throw appError("ATTACHMENT_UNREADABLE");
  }
  const bytes = new Uint8Array(Buffer.from(input.data, "base64"));
  const name = input.name.replace(/[\p{Cc}\p{Cf}]/gu, "").trim() || "file";
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const mime = imageTypeOf(bytes.subarray(0, IMAGE_SIGNATURE_BYTES));
  if (mime !== null) {
    if (bytes.length > IMAGE_ATTACHMENT_MAX_BYTES) throw appError("ATTACHMENT_TOO_LARGE");
    return { name, kind: "image", mime, bytes, sha256 };
  }
  const format = documentFormatOf(bytes.subarray(0, DOCUMENT_SIGNATURE_BYTES));
  if (format !== null) {
    if (bytes.length > DOCUMENT_ATTACHMENT_MAX_BYTES) throw appError("ATTACHMENT_TOO_LARGE");
    const document = await documents.read(name, format, bytes, sha256);
    return { name, kind: "document", mime: DOCUMENT_MIMES[format], bytes, sha256, document };
  }
  if (bytes.length > TEXT_ATTACHMENT_MAX_BYTES) throw appError("ATTACHMENT_TOO_LARGE");
  if (plainTextOf(bytes) === null) throw appError("ATTACHMENT_TYPE", { name });
  return { name, kind: "text", mime: "text/plain", bytes, sha256 };
}
