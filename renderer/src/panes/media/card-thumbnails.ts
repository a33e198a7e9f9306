import { useEffect, useState } from "react";

/**
 * The largest a card's preview usually is, in CSS pixels: the card's height is fixed (gallery.css)
 * and its width is one column of at least 260 px.
 */
const PREVIEW_BOX = { width: 320, height: 200 };
/** Thumbnails made at once: each decodes a full image, and a fast scroll asks for dozens. */
const CONCURRENT = 2;
/** Thumbnails kept for the session; the oldest are let go first. */
const KEPT = 2000;

interface Request {
  readonly src: string;
  readonly waiters: Set<(url: string | null) => void>;
}

const made = new Map<string, string>();
const queued = new Map<string, Request>();
const making = new Map<string, Request>();

/**
 * A gallery card's preview, made once per session from the full image at the card's size (times
 * the screen's pixel ratio) and shown from a `blob:` URL. Full-size images in every card cost the
 * page a decoded bitmap each, and letting hundreds of them go stalls the main thread for a
 * garbage collection of 100-200 ms while the gallery scrolls; small previews keep each pause short.
 * Decoding and scaling run off the main thread (`createImageBitmap`). A card that leaves the screen
 * before its turn drops its request. Returns null until the preview exists, and `failed` when the
 * image cannot be read.
 */
export function useCardThumbnail(src: string): { url: string | null; failed: boolean } {
  // What the request for `src` ended with: the preview's URL, or null when it could not be made.
  const [ended, setEnded] = useState<{ src: string; url: string | null } | null>(null);
  useEffect(() => {
    if (made.has(src)) return;
    const waiter = (url: string | null) => setEnded({ src, url });
    want(src, waiter);
    return () => drop(src, waiter);
  }, [src]);
  const own = ended?.src === src ? ended : null;
  return { url: made.get(src) ?? own?.url ?? null, failed: own !== null && own.url === null };
}

function want(src: string, waiter: (url: string | null) => void): void {
  const request = making.get(src) ?? queued.get(src) ?? { src, waiters: new Set() };
  request.waiters.add(waiter);
  if (!making.has(src)) queued.set(src, request);
  startNext();
}

function drop(src: string, waiter: (url: string | null) => void): void {
  const request = queued.get(src) ?? making.get(src);
  request?.waiters.delete(waiter);
  if (request?.waiters.size === 0) queued.delete(src);
}

function startNext(): void {
  while (making.size < CONCURRENT) {
    // The newest request first: the cards on screen now, not those a fast scroll passed.
    const request = [...queued.values()].at(-1);
    if (!request) return;
    queued.delete(request.src);
    making.set(request.src, request);
    void thumbnailOf(request.src)
      .then(
        (url) => keep(request.src, url),
        () => null,
      )
      .then((url) => {
        making.delete(request.src);
        for (const waiter of request.waiters) waiter(url);
        startNext();
      });
  }
}

function keep(src: string, url: string): string {
  made.set(src, url);
  for (const [oldSrc, oldUrl] of made) {
    if (made.size <= KEPT) break;
    made.delete(oldSrc);
    URL.revokeObjectURL(oldUrl);
  }
  return url;
}

async function thumbnailOf(src: string): Promise<string> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`the image answered ${response.status}`);
  const original = await response.blob();
  const full = await createImageBitmap(original);
  const ratio = window.devicePixelRatio || 1;
  const scale = Math.min(1, (PREVIEW_BOX.width * ratio) / full.width, (PREVIEW_BOX.height * ratio) / full.height);
  if (scale === 1) {
    full.close();
    return URL.createObjectURL(original);
  }
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
  return URL.createObjectURL(await canvas.convertToBlob({ type: "image/webp", quality: 0.85 }));
}
