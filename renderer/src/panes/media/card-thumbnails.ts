import { useCallback, useEffect, useState } from "react";
import type { MediaView } from "../../../../shared/ipc/tasks.ts";
import { keepPreview, makePreview } from "./thumbnail-maker.ts";

/** Previews made at once: each decodes a full image, and a fast scroll asks for dozens. */
const CONCURRENT = 2;
/** Previews made this session kept as `blob:` URLs; the oldest are let go first. */
const KEPT = 2000;

interface Request {
  readonly id: string;
  readonly src: string;
  readonly waiters: Set<(url: string | null) => void>;
}

const made = new Map<string, string>();
const queued = new Map<string, Request>();
const making = new Map<string, Request>();
/** Pictures whose kept preview failed to load this session: theirs is made again. */
const broken = new Set<string>();

/**
 * A gallery card's preview. Full-size images in every card cost the page a decoded bitmap each, and
 * letting hundreds of them go stalls the main thread for a garbage collection of 100-200 ms while
 * the gallery scrolls; small previews keep each pause short. The preview kept in the data folder
 * (`thumbnailSrc`) is shown when there is one (`kept`); otherwise it is made here from the full
 * image (`thumbnail-maker.ts`), shown from a `blob:` URL, and handed to main to keep. A card that
 * leaves the screen before its turn drops its request. `remake` is for a kept preview that would
 * not load. Returns null until the preview exists, and `failed` when the image cannot be read.
 */
export function useCardThumbnail(item: MediaView): {
  url: string | null;
  kept: boolean;
  failed: boolean;
  remake: () => void;
} {
  const { id, src } = item;
  // What the request for `src` ended with: the preview's URL, or null when it could not be made.
  const [ended, setEnded] = useState<{ src: string; url: string | null } | null>(null);
  const [remade, setRemade] = useState(false);
  const kept = remade || broken.has(id) ? null : item.thumbnailSrc;
  const needed = kept === null && !made.has(src);
  useEffect(() => {
    if (!needed) return;
    const waiter = (url: string | null) => setEnded({ src, url });
    want(id, src, waiter);
    return () => drop(src, waiter);
  }, [needed, id, src]);
  const remake = useCallback(() => {
    broken.add(id);
    setRemade(true);
  }, [id]);
  const own = ended?.src === src ? ended : null;
  const url = made.get(src) ?? kept ?? own?.url ?? null;
  return { url, kept: url !== null && url === kept, failed: own !== null && own.url === null, remake };
}

function want(id: string, src: string, waiter: (url: string | null) => void): void {
  const request = making.get(src) ?? queued.get(src) ?? { id, src, waiters: new Set() };
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
    void previewOf(request)
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

async function previewOf(request: Request): Promise<string> {
  const preview = await makePreview(request.src);
  // Kept on disk in the background: the card shows it now either way.
  keepPreview(request.id, preview).catch(() => undefined);
  return URL.createObjectURL(preview);
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
