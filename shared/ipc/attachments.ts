import { z } from "zod";
import { invalid } from "../text/validation-code.ts";
import { DOCUMENT_ATTACHMENT_MAX_BYTES } from "./documents.ts";

/** The most files one message carries. */
export const ATTACHMENTS_MAX = 4;
/** The largest image attached (PNG, JPEG, WebP or GIF). */
export const IMAGE_ATTACHMENT_MAX_BYTES = 4 * 1024 * 1024;
/** The largest text or code file attached; its text is sent inline, in a fenced block under its name. */
export const TEXT_ATTACHMENT_MAX_BYTES = 100 * 1024;
/** The largest file of any kind: what one file may carry through the window's bridge. */
export const ATTACHMENT_MAX_BYTES = Math.max(IMAGE_ATTACHMENT_MAX_BYTES, DOCUMENT_ATTACHMENT_MAX_BYTES);
/** All of one message's files together: what one message may carry through the window's bridge. */
export const ATTACHMENTS_TOTAL_MAX_BYTES = 8 * 1024 * 1024;
const ATTACHMENT_NAME_MAX = 255;

export type ImageAttachmentType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

/** Base64 length of `bytes` bytes. */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/** How many bytes a base64 text decodes to, known before decoding it. */
export const decodedLength = (base64: string): number =>
  Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);

/** A file as the window sends it: its name and its bytes. Main tells its type from the bytes, never the name. */
export const AttachmentInputSchema = z.object({
  name: z.string().trim().min(1).max(ATTACHMENT_NAME_MAX),
  data: z
    .string()
    .max(base64Length(ATTACHMENT_MAX_BYTES), invalid("ATTACHMENT_TOO_LARGE"))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, invalid("ATTACHMENT_UNREADABLE")),
});
export type AttachmentInput = z.infer<typeof AttachmentInputSchema>;

export const AttachmentInputsSchema = z
  .array(AttachmentInputSchema)
  .max(ATTACHMENTS_MAX, invalid("ATTACHMENTS_TOO_MANY"))
  .refine(
    (files) => files.reduce((sum, file) => sum + decodedLength(file.data), 0) <= ATTACHMENTS_TOTAL_MAX_BYTES,
    invalid("ATTACHMENTS_TOO_LARGE"),
  );

/** A file kept with a message: an image sent as an image, or a text file or a document's text sent inline. */
export const AttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["image", "text", "document"]),
  mime: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string(),
  /** A document's text as sent: its characters, and a PDF's pages (of how many). */
  document: z
    .object({
      chars: z.number().int().min(0),
      pages: z.number().int().min(0).nullable(),
      pagesRead: z.number().int().min(0).nullable(),
      cut: z.boolean(),
    })
    .optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const AttachmentRequestSchema = z.object({
  conversationId: z.string().min(1),
  attachmentId: z.string().min(1).max(200),
});

/** A kept file with its bytes (base64), for its thumbnail or to put it back in the message box. */
export const AttachmentDataSchema = z.object({ attachment: AttachmentSchema, data: z.string() });
export type AttachmentData = z.infer<typeof AttachmentDataSchema>;
