import { z } from "zod";
import { bytesAt, textAt } from "../byte-signatures.ts";
import { invalid } from "../text/validation-code.ts";
import { base64Length } from "./attachments.ts";

/** The largest card preview kept: one at 640×400 (a 320×200 box at pixel ratio 2) is some 20-60 KB as WebP. */
export const THUMBNAIL_MAX_BYTES = 512 * 1024;

/** The first bytes that tell a preview's type. */
const HEAD_BYTES = 12;

/** A preview's type from its first bytes: WebP (what the window makes) or PNG; null for anything else. */
export function thumbnailTypeOf(head: Uint8Array): "image/webp" | "image/png" | null {
  if (textAt(head, 0, "RIFF") && textAt(head, 8, "WEBP")) return "image/webp";
  if (bytesAt(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  return null;
}

/** The first bytes of a base64 text, decoded: enough to read a type before the whole is decoded; none when it is not base64. */
function headOf(base64: string): Uint8Array {
  try {
    return Uint8Array.from(atob(base64.slice(0, base64Length(HEAD_BYTES))), (char) => char.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

/** A stored picture's id, as the media library names it (a UUID) and its addresses carry it. */
export const MediaIdSchema = z.string().regex(/^[0-9a-f-]{36}$/);

/** A gallery card's preview the window made, for main to keep in the data folder and serve from then on. */
export const ThumbnailInputSchema = z.object({
  id: MediaIdSchema,
  data: z
    .string()
    .max(base64Length(THUMBNAIL_MAX_BYTES), invalid("THUMBNAIL_TOO_LARGE"))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, invalid("THUMBNAIL_TYPE"))
    .refine((data) => thumbnailTypeOf(headOf(data)) !== null, invalid("THUMBNAIL_TYPE")),
});
export type ThumbnailInput = z.infer<typeof ThumbnailInputSchema>;

export const ThumbnailKeptSchema = z.object({ thumbnailSrc: z.string() });
