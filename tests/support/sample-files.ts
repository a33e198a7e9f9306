import { createHash } from "node:crypto";
import { encodePng } from "../../electron/local-gateway/media/png-codec.ts";
import { createRgbImage, fillRect } from "../../electron/local-gateway/media/rgb-image.ts";

/** A 1×1 PNG: small, and a real picture a browser draws. */
export const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
export const PNG_BYTES = Buffer.from(PNG_BASE64, "base64");

/** The start of a JPEG (its signature and a JFIF header): enough for a type told by signature. */
export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** How the local gateway describes one received image at the start of its reply. */
export const describedImage = (mime: string, bytes: Uint8Array) =>
  `${mime}, ${bytes.length} bytes, sha256 ${sha256Of(bytes).slice(0, 16)}…`;

/** A PNG of `width`×`height` in two colours, its size differing from the 1×1 one. */
export function paintedPng(width: number, height: number): Buffer {
  const image = createRgbImage(width, height);
  fillRect(image, 0, 0, width, height, [40, 110, 220]);
  fillRect(image, 0, 0, Math.ceil(width / 2), height, [240, 180, 40]);
  return encodePng(image);
}
