import { imageTypeOf, IMAGE_SIGNATURE_BYTES, plainTextOf } from "../../../../shared/attachment-types.ts";
import {
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
  type AttachmentInput,
} from "../../../../shared/ipc/attachments.ts";

/** A file in the message box, not sent yet. */
export interface DraftAttachment {
  readonly key: string;
  readonly name: string;
  readonly kind: "image" | "text";
  readonly bytes: number;
  /** The file's bytes in base64, as main takes them (and checks them again). */
  readonly data: string;
  /** The thumbnail: a `data:` URL of the image; null for a text file. */
  readonly preview: string | null;
}

/** Why a file was not attached: a key under `attachments.problem`. */
type ProblemKind = "type" | "tooLarge" | "tooMany" | "totalTooLarge" | "unreadable";

/** Why a file was not attached, and, where it is its size, which file. */
export interface AttachmentProblem {
  readonly kind: ProblemKind;
  readonly name: string | null;
}

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/**
 * A dropped, pasted or chosen file as an attachment, its type told by its bytes (an image
 * signature, else UTF-8 text) whatever its name says; its size is checked before anything is read.
 */
async function draftAttachmentOf(file: File): Promise<DraftAttachment | ProblemKind> {
  if (file.size > IMAGE_ATTACHMENT_MAX_BYTES) return "tooLarge";
  try {
    const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
    const mime = imageTypeOf(head);
    if (mime === null && file.size > TEXT_ATTACHMENT_MAX_BYTES) return "tooLarge";
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (mime === null && plainTextOf(bytes) === null) return "type";
    const data = base64Of(bytes);
    const name = file.name || (mime ? `pasted-image.${mime.slice("image/".length)}` : "pasted.txt");
    return {
      key: crypto.randomUUID(),
      name,
      kind: mime ? "image" : "text",
      bytes: bytes.length,
      data,
      preview: mime ? `data:${mime};base64,${data}` : null,
    };
  } catch {
    return "unreadable";
  }
}

/** Adds files to what the draft holds, up to the count and total size limits; the first problem met is said. */
export async function withFiles(
  current: readonly DraftAttachment[],
  files: readonly File[],
): Promise<{ attachments: DraftAttachment[]; problem: AttachmentProblem | null }> {
  const attachments = [...current];
  let problem: AttachmentProblem | null = null;
  for (const file of files) {
    if (attachments.length >= ATTACHMENTS_MAX) {
      problem ??= { kind: "tooMany", name: null };
      break;
    }
    const attached = await draftAttachmentOf(file);
    if (typeof attached === "string") {
      problem ??= { kind: attached, name: attached === "tooLarge" ? file.name : null };
      continue;
    }
    const total = attachments.reduce((sum, attachment) => sum + attachment.bytes, attached.bytes);
    if (total > ATTACHMENTS_TOTAL_MAX_BYTES) {
      problem ??= { kind: "totalTooLarge", name: null };
      continue;
    }
    attachments.push(attached);
  }
  return { attachments, problem };
}

export const attachmentInputsOf = (attachments: readonly DraftAttachment[]): AttachmentInput[] =>
  attachments.map(({ name, data }) => ({ name, data }));
