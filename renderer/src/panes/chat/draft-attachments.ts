import {
  documentFormatOf,
  DOCUMENT_SIGNATURE_BYTES,
  imageTypeOf,
  IMAGE_SIGNATURE_BYTES,
  plainTextOf,
} from "../../../../shared/attachment-types.ts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
  type AttachmentInput,
} from "../../../../shared/ipc/attachments.ts";
import { DOCUMENT_ATTACHMENT_MAX_BYTES, type DocumentText } from "../../../../shared/ipc/documents.ts";
import type { IpcError } from "../../../../shared/ipc/result.ts";
import { ApiError, unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { approximateTokens } from "./prompt-tokens.ts";

/** A file in the message box, not sent yet. */
export interface DraftAttachment {
  readonly key: string;
  readonly name: string;
  readonly kind: "image" | "text" | "document";
  readonly bytes: number;
  /** The file's bytes in base64, as main takes them (and checks them again). */
  readonly data: string;
  /** The thumbnail: a `data:` URL of the image; null for a text file or a document. */
  readonly preview: string | null;
  /** What the text it adds to the message comes to, for the estimate before Send; 0 for an image. */
  readonly tokens: number;
  /** A document's text as main read it: its pages and length, and whether it was cut. */
  readonly document?: Omit<DocumentText, "text"> & { readonly chars: number };
}

/** Why a file was not attached: a key under `attachments.problem`, or a document's own reason. */
type ProblemKind = "type" | "tooLarge" | "tooMany" | "totalTooLarge" | "unreadable" | "document";

/** Why a file was not attached, and, where it is about one file, which; a document's reason as main said it. */
export interface AttachmentProblem {
  readonly kind: ProblemKind;
  readonly name: string | null;
  readonly detail?: IpcError;
}

type Refusal = Exclude<ProblemKind, "tooMany" | "totalTooLarge"> | { readonly detail: IpcError };

export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** A document's text read by main (off its main thread), summed up for the chip and the estimate. */
async function readDocument(name: string, data: string): Promise<DraftAttachment["document"] & { tokens: number }> {
  const { text, ...summary } = await unwrap(api.documents.read({ name, data }));
  return { ...summary, chars: text.length, tokens: approximateTokens(text) };
}

const limitOf = (head: Uint8Array) =>
  imageTypeOf(head) !== null
    ? IMAGE_ATTACHMENT_MAX_BYTES
    : documentFormatOf(head) !== null
      ? DOCUMENT_ATTACHMENT_MAX_BYTES
      : TEXT_ATTACHMENT_MAX_BYTES;

/**
 * A dropped, pasted or chosen file as an attachment, its type told by its bytes (an image
 * signature, a PDF or Word document's, else UTF-8 text) whatever its name says; its size is
 * checked before anything is read, and a document's text is read by main to be estimated.
 */
async function draftAttachmentOf(file: File): Promise<DraftAttachment | Refusal> {
  if (file.size > ATTACHMENT_MAX_BYTES) return "tooLarge";
  try {
    const head = new Uint8Array(
      await file.slice(0, Math.max(IMAGE_SIGNATURE_BYTES, DOCUMENT_SIGNATURE_BYTES)).arrayBuffer(),
    );
    if (file.size > limitOf(head)) return "tooLarge";
    const mime = imageTypeOf(head);
    const isDocument = mime === null && documentFormatOf(head) !== null;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const text = mime === null && !isDocument ? plainTextOf(bytes) : null;
    if (mime === null && !isDocument && text === null) return "type";
    const data = base64Of(bytes);
    const name = file.name || (mime ? `pasted-image.${mime.slice("image/".length)}` : "pasted.txt");
    const common = { key: crypto.randomUUID(), name, bytes: bytes.length, data };
    if (isDocument) {
      const { tokens, ...document } = await readDocument(name, data);
      return { ...common, kind: "document", preview: null, tokens, document };
    }
    if (mime) return { ...common, kind: "image", preview: `data:${mime};base64,${data}`, tokens: 0 };
    return { ...common, kind: "text", preview: null, tokens: approximateTokens(text ?? "") };
  } catch (error) {
    return error instanceof ApiError ? { detail: error.detail } : "unreadable";
  }
}

/** Each file read as an attachment, or why it cannot be one: the slow part, done before anything is added. */
export const readFiles = (files: readonly File[]): Promise<(DraftAttachment | Refusal)[]> =>
  Promise.all(files.map(draftAttachmentOf));

/**
 * Adds files already read to what the draft holds now, up to the count and total size limits; the
 * first problem met is said. Kept apart from reading, so files read at the same time (a drop while
 * a document is still being read) are all added to the latest draft, none lost.
 */
export function withFiles(
  current: readonly DraftAttachment[],
  files: readonly { readonly name: string; readonly read: DraftAttachment | Refusal }[],
): { attachments: DraftAttachment[]; problem: AttachmentProblem | null } {
  const attachments = [...current];
  let problem: AttachmentProblem | null = null;
  for (const { name, read } of files) {
    if (attachments.length >= ATTACHMENTS_MAX) {
      problem ??= { kind: "tooMany", name: null };
      break;
    }
    if (typeof read === "string") {
      problem ??= { kind: read, name: read === "tooLarge" ? name : null };
      continue;
    }
    if ("detail" in read) {
      problem ??= { kind: "document", name: null, detail: read.detail };
      continue;
    }
    const total = attachments.reduce((sum, attachment) => sum + attachment.bytes, read.bytes);
    if (total > ATTACHMENTS_TOTAL_MAX_BYTES) {
      problem ??= { kind: "totalTooLarge", name: null };
      continue;
    }
    attachments.push(read);
  }
  return { attachments, problem };
}

export const attachmentInputsOf = (attachments: readonly DraftAttachment[]): AttachmentInput[] =>
  attachments.map(({ name, data }) => ({ name, data }));
