import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { ImageRequest } from "../../../../shared/ipc/tasks.ts";
import { VIDEO_DURATIONS, VIDEO_SIZES } from "../../../../shared/gateway-api/video.ts";
import { isPlainObject, objectOr } from "../../../../shared/plain-object.ts";
import type { ChosenReference } from "./reference-image.ts";

/** The Images form as typed: numbers stay text until submitted, so a half-typed value is kept. */
interface ImageDraft {
  readonly prompt: string;
  /** Null until the user types one: the profile's first image model is offered. */
  readonly model: string | null;
  readonly n: string;
  readonly size: string;
  readonly responseFormat: ImageRequest["responseFormat"];
  readonly async: boolean;
  /** Empty for a random seed. */
  readonly seed: string;
}

interface VideoDraft {
  readonly prompt: string;
  readonly model: string | null;
  readonly size: (typeof VIDEO_SIZES)[number];
  readonly duration: (typeof VIDEO_DURATIONS)[number];
}

/** What was typed into the Images and Videos forms, kept across panes and restarts. */
interface MediaDrafts {
  image: ImageDraft;
  video: VideoDraft;
  /** Only for this run: a dropped file can be megabytes, and a link may be stale by the next. */
  reference: ChosenReference | null;
  /** The reference whose gallery image was deleted: said in the zone, and put back if the deletion is undone. */
  lostReference: ChosenReference | null;
  imageChanged(change: Partial<ImageDraft>): void;
  videoChanged(change: Partial<VideoDraft>): void;
  referenceChosen(reference: ChosenReference | null): void;
  /** Animate: this image becomes the reference of a new video, whose prompt starts empty. */
  animateChosen(reference: ChosenReference): void;
  galleryImageDeleted(mediaId: string): void;
  galleryImageRestored(mediaId: string): void;
}

const isGalleryImage = (reference: ChosenReference | null, mediaId: string) =>
  reference?.image.kind === "media" && reference.image.mediaId === mediaId;

const FIRST_IMAGE: ImageDraft = {
  prompt: "",
  model: null,
  n: "1",
  size: "1024x1024",
  responseFormat: "url",
  async: false,
  seed: "",
};
const FIRST_VIDEO: VideoDraft = { prompt: "", model: null, size: "1280x720", duration: 5 };

export const useMediaDrafts = create<MediaDrafts>()(
  persist(
    (set) => ({
      image: FIRST_IMAGE,
      video: FIRST_VIDEO,
      reference: null,
      lostReference: null,
      imageChanged: (change) => set((state) => ({ image: { ...state.image, ...change } })),
      videoChanged: (change) => set((state) => ({ video: { ...state.video, ...change } })),
      referenceChosen: (reference) => set({ reference, lostReference: null }),
      animateChosen: (reference) =>
        set((state) => ({ reference, lostReference: null, video: { ...state.video, prompt: "" } })),
      galleryImageDeleted: (mediaId) =>
        set((state) =>
          isGalleryImage(state.reference, mediaId) ? { reference: null, lostReference: state.reference } : {},
        ),
      galleryImageRestored: (mediaId) =>
        set((state) =>
          isGalleryImage(state.lostReference, mediaId) && state.reference === null
            ? { reference: state.lostReference, lostReference: null }
            : {},
        ),
    }),
    {
      name: "modeldesk.media-drafts",
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ image: state.image, video: state.video }),
      // A draft saved by another version, or edited by hand, keeps only the values that still fit.
      merge: (saved, current) => {
        const drafts = objectOr(saved);
        const image = fitting(FIRST_IMAGE, drafts["image"], {
          responseFormat: ["url", "b64_json"],
        });
        const video = fitting(FIRST_VIDEO, drafts["video"], { size: VIDEO_SIZES, duration: VIDEO_DURATIONS });
        return { ...current, image, video };
      },
    },
  ),
);

/** The saved values of the same type as the defaults (a model may also be null), and among the allowed where listed. */
export function fitting<Draft extends object>(
  defaults: Draft,
  saved: unknown,
  allowed: Partial<Record<keyof Draft, readonly unknown[]>>,
): Draft {
  if (!isPlainObject(saved)) return defaults;
  const kept = Object.entries(defaults).filter(([key, fallback]) => {
    const value = saved[key];
    const sameType = key === "model" ? value === null || typeof value === "string" : typeof value === typeof fallback;
    const choices = allowed[key as keyof Draft];
    return value !== undefined && sameType && (!choices || choices.includes(value));
  });
  return { ...defaults, ...Object.fromEntries(kept.map(([key]) => [key, saved[key]])) };
}
