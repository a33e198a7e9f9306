import { bytesAt, textAt } from "../../../shared/byte-signatures.ts";

/**
 * The result types the app keeps, each known by its first bytes whatever the server's
 * Content-Type says: an HTML error page answered with 200 is not an image.
 */
const RESULT_TYPES = [
  {
    mime: "image/png",
    kind: "image",
    matches: (head: Uint8Array) => bytesAt(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mime: "image/jpeg", kind: "image", matches: (head: Uint8Array) => bytesAt(head, 0, [0xff, 0xd8, 0xff]) },
  {
    mime: "image/webp",
    kind: "image",
    matches: (head: Uint8Array) => textAt(head, 0, "RIFF") && textAt(head, 8, "WEBP"),
  },
  { mime: "video/mp4", kind: "video", matches: (head: Uint8Array) => textAt(head, 4, "ftyp") },
] as const;

/** How many first bytes tell a result's type. */
export const SIGNATURE_BYTES = 12;

/** The names said to the user for what is kept. */
export const KEPT_RESULT_TYPES = "PNG, JPEG, WebP or MP4";

/** The MIME type of a result of `kind` that starts with `head`; null when it is none the app keeps. */
export function resultTypeOf(head: Uint8Array, kind: "image" | "video"): string | null {
  return RESULT_TYPES.find((type) => type.kind === kind && type.matches(head))?.mime ?? null;
}

/** Whether a Content-Type may name a result file: a media type, or none in particular. */
export function mayBeMedia(contentType: string | null): boolean {
  if (contentType === null) return true;
  return /^(image|video)\/|^(application|binary)\/octet-stream/i.test(contentType.trim());
}
