import { create } from "zustand";
import type { MediaView } from "../../../../shared/ipc/tasks.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { useMediaDrafts } from "./media-drafts.ts";

/** How long a deleted image or video can be brought back. */
const UNDO_MS = 8000;

const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Deleted media, held for a few seconds before the file is removed: Undo puts it back untouched.
 * If the app closes first, nothing was removed. A deleted image stops being the video's reference
 * at once (it could not be sent once removed), and becomes it again if it comes back.
 */
interface GalleryTrash {
  /** Newest last. */
  held: readonly MediaView[];
  /** The last removal main refused; the item is back in the gallery. */
  failure: Error | null;
  /** Holds the item, then removes it; `removed` takes it out of the gallery once main has removed it. */
  trash(item: MediaView, removed: () => void): void;
  restore(id: string): void;
}

export const useGalleryTrash = create<GalleryTrash>((set, get) => ({
  held: [],
  failure: null,
  trash(item, removed) {
    set((state) => ({ held: [...state.held, item], failure: null }));
    useMediaDrafts.getState().galleryImageDeleted(item.id);
    const timer = setTimeout(() => {
      timers.delete(item.id);
      unwrap(api.gallery.remove({ id: item.id })).then(
        // Held until the gallery no longer has it, so it does not flash back.
        () => {
          removed();
          set((state) => ({ held: state.held.filter((kept) => kept.id !== item.id) }));
        },
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          useMediaDrafts.getState().galleryImageRestored(item.id);
          set((state) => ({ held: state.held.filter((kept) => kept.id !== item.id), failure }));
        },
      );
    }, UNDO_MS);
    timers.set(item.id, timer);
  },
  restore(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    useMediaDrafts.getState().galleryImageRestored(id);
    set({ held: get().held.filter((item) => item.id !== id) });
  },
}));
