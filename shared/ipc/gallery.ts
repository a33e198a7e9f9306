import { z } from "zod";
import { MediaViewSchema } from "./tasks.ts";

const MediaKindSchema = z.enum(["image", "video"]);

/** The items a page of the gallery holds unless asked for fewer, and the most one may hold. */
export const GALLERY_PAGE_SIZE = 200;
export const GALLERY_PAGE_MAX = 500;

/**
 * Where a page of the gallery ended: its last item's time (ms) and its place among the items kept
 * in the same millisecond (the order they were kept in). The next page starts after it, so an item
 * added or deleted meanwhile moves no other across the pages' boundary.
 */
export const GalleryCursorSchema = z.object({
  createdAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type GalleryCursor = z.infer<typeof GalleryCursorSchema>;

/** A page of the active profile's gallery of one kind, newest first: the first when `after` is null. */
export const GalleryPageRequestSchema = z.object({
  kind: MediaKindSchema,
  after: GalleryCursorSchema.nullable().default(null),
  limit: z.number().int().min(1).max(GALLERY_PAGE_MAX).default(GALLERY_PAGE_SIZE),
});
export type GalleryPageRequest = z.input<typeof GalleryPageRequestSchema>;

/** The page's items, how many the gallery holds in all, and where the next page starts (null after the last). */
export const GalleryPageSchema = z.object({
  items: z.array(MediaViewSchema),
  total: z.number().int().min(0),
  next: GalleryCursorSchema.nullable(),
});
export type GalleryPage = z.infer<typeof GalleryPageSchema>;

/**
 * What changed in a gallery: the items a finished task added (newest first), the ids deleted, and
 * how many items the gallery holds now. A page shows it without reading the list again.
 */
export const GalleryChangeSchema = z.object({
  profileId: z.string(),
  kind: MediaKindSchema,
  added: z.array(MediaViewSchema),
  removed: z.array(z.string()),
  total: z.number().int().min(0),
});
export type GalleryChange = z.infer<typeof GalleryChangeSchema>;
