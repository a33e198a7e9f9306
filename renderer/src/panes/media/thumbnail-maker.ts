import { THUMBNAIL_MAX_BYTES } from "../../../../shared/ipc/gallery-thumbnails.ts";
import { api } from "../../api/desktop-api.ts";
import { readAsDataUrl } from "./reference-image.ts";

/**
 * The largest a card's preview usually is, in CSS pixels: the card's height is fixed (gallery.css)
 * and its width is one column of at least 260 px.
 */
const PREVIEW_BOX = { width: 320, height: 200 };

/**
 * A picture's card preview as a small WebP: the stored image read with `fetch`, decoded and scaled
 * off the main thread (`createImageBitmap`) to the card's box times the screen's pixel ratio, never
 * larger than the picture.
 */
export async function makePreview(src: string): Promise<Blob> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`the image answered ${response.status}`);
  const full = await createImageBitmap(await response.blob());
  const ratio = window.devicePixelRatio || 1;
  const scale = Math.min(1, (PREVIEW_BOX.width * ratio) / full.width, (PREVIEW_BOX.height * ratio) / full.height);
  const small = await createImageBitmap(full, {
    resizeWidth: Math.max(1, Math.round(full.width * scale)),
    resizeHeight: Math.max(1, Math.round(full.height * scale)),
    resizeQuality: "medium",
  });
  full.close();
  const canvas = new OffscreenCanvas(small.width, small.height);
  const context = canvas.getContext("bitmaprenderer");
  if (!context) throw new Error("no bitmap renderer");
  context.transferFromImageBitmap(small);
  return canvas.convertToBlob({ type: "image/webp", quality: 0.85 });
}

/**
 * Hands a made preview to main, which keeps it in the data folder and serves it to the card from
 * then on. One main will not keep (too large, or the picture deleted meanwhile) stays this session's.
 */
export async function keepPreview(id: string, preview: Blob): Promise<void> {
  if (preview.size > THUMBNAIL_MAX_BYTES) return;
  const dataUrl = await readAsDataUrl(preview);
  await api.gallery.saveThumbnail({ id, data: dataUrl.slice(dataUrl.indexOf(",") + 1) });
}
