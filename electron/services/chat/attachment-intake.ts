import { createHash } from "node:crypto";
import { imageTypeOf, IMAGE_SIGNATURE_BYTES, plainTextOf } from "../../../shared/attachment-types.ts";
import {
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  base64Length,
  decodedLength,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
  type AttachmentInput,
} from "../../../shared/ipc/attachments.ts";
import { appError } from "../app-error.ts";

/** A checked file, ready to be kept with its message. */
export interface AcceptedAttachment {
  readonly name: string;
  readonly kind: "image" | "text";
  readonly mime: string;
  readonly bytes: Uint8Array;
  readonly sha256: string;
}

/**
 * Files from the window are hostile input: each is decoded only once its encoded length is known to
 * be within bounds, and its type is told by its bytes (an image signature, else UTF-8 text without
 * NUL bytes), never by its name. Refuses the whole message with the first problem found.
 */
export function acceptAttachments(inputs: readonly AttachmentInput[]): AcceptedAttachment[] {
  if (inputs.length > ATTACHMENTS_MAX) throw appError("ATTACHMENTS_TOO_MANY");
  const total = inputs.reduce((sum, input) => sum + decodedLength(input.data), 0);
  if (total > ATTACHMENTS_TOTAL_MAX_BYTES) throw appError("ATTACHMENTS_TOO_LARGE");
  return inputs.map(acceptOne);
}

function acceptOne(input: AttachmentInput): AcceptedAttachment {
  if (input.data.length > base64Length(IMAGE_ATTACHMENT_MAX_BYTES)) throw appError("ATTACHMENT_TOO_LARGE");
  if (input.data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(input.data)) {
    throw appError("ATTACHMENT_UNREADABLE");
  }
  const bytes = new Uint8Array(Buffer.from(input.data, "base64"));
  const name = input.name.replace(/[\p{Cc}\p{Cf}]/gu, "").trim() || "file";
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const mime = imageTypeOf(bytes.subarray(0, IMAGE_SIGNATURE_BYTES));
  if (mime !== null) return { name, kind: "image", mime, bytes, sha256 };
  if (bytes.length > TEXT_ATTACHMENT_MAX_BYTES) throw appError("ATTACHMENT_TOO_LARGE");
  if (plainTextOf(bytes) === null) throw appError("ATTACHMENT_TYPE", { name });
  return { name, kind: "text", mime: "text/plain", bytes, sha256 };
}
