import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { GalleryChange, GalleryCursor, GalleryPage } from "../../../shared/ipc/gallery.ts";
import type { MediaView } from "../../../shared/ipc/tasks.ts";
import {
  dropFromGallery,
  showGalleryChange,
  withGalleryChange,
  type GalleryPages,
} from "../../../renderer/src/api/gallery-queries.ts";
import { taskKeys } from "../../../renderer/src/api/task-queries.ts";

// The queries module reaches main through `window.api`; these tests never call it.
vi.hoisted(() => Object.assign(globalThis, { window: { api: {} } }));

const item = (id: string): MediaView => ({
  id,
  taskId: null,
  kind: "image",
  src: `/media/${id}`,
  thumbnailSrc: null,
  mime: "image/png",
  prompt: `picture ${id}`,
  model: "image-pro",
  size: "64x64",
  duration: null,
  requestId: null,
  createdAt: "2026-11-29T10:00:00.000Z",
});

const cursor = (seq: number): GalleryCursor => ({ createdAt: 1, seq });
const page = (ids: string[], total: number, next: GalleryCursor | null): GalleryPage => ({
  items: ids.map(item),
  total,
  next,
});
/** Two pages read of a gallery of five: e d | c b, with a still to read. */
const held = (): GalleryPages => ({
  pages: [page(["e", "d"], 5, cursor(4)), page(["c", "b"], 5, cursor(2))],
  pageParams: [null, cursor(4)],
});
const change = (added: string[], removed: string[], total: number): GalleryChange => ({
  profileId: "p1",
  kind: "image",
  added: added.map(item),
  removed,
  total,
});
const ids = (pages: GalleryPages | undefined) => pages?.pages.map((shown) => shown.items.map((media) => media.id));
const key = taskKeys.gallery("image", "p1");

describe("a change announced to the gallery's pages", () => {
  it("puts a finished task's results first and takes deleted items out of whichever page holds them", () => {
    const updated = withGalleryChange(held(), change(["g", "f"], ["d", "b", "a"], 4));
    expect(ids(updated)).toEqual([["g", "f", "e"], ["c"]]);
    expect(updated.pages.map((shown) => shown.total)).toEqual([4, 4]);
    // Where each page ends does not move: the next page still starts after b, deleted or not.
    expect(updated.pages.map((shown) => shown.next)).toEqual([cursor(4), cursor(2)]);
    expect(updated.pageParams).toEqual(held().pageParams);
  });

  it("shows the same pages however often it is applied", () => {
    const once = withGalleryChange(held(), change(["f"], ["c"], 5));
    expect(withGalleryChange(once, change(["f"], ["c"], 5))).toEqual(once);
    expect(ids(withGalleryChange(held(), change(["e"], [], 5)))).toEqual(ids(held()));
  });
});

describe("showing a gallery's change", () => {
  it("patches the pages held without reading any again", () => {
    const client = new QueryClient();
    client.setQueryData(key, held());
    showGalleryChange(client, change(["f"], ["b"], 5));
    expect(ids(client.getQueryData<GalleryPages>(key))).toEqual([["f", "e", "d"], ["c"]]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    // Another profile's gallery, or one never opened, is left to be read when it opens.
    showGalleryChange(client, { ...change(["x"], [], 1), profileId: "p2" });
    expect(client.getQueryData(taskKeys.gallery("image", "p2"))).toBeUndefined();
  });

  it("applies it again when a page read before it lands after it", async () => {
    const client = new QueryClient();
    client.setQueryData(key, held());
    let answer: (page: GalleryPage) => void = () => undefined;
    const reading = client.fetchInfiniteQuery({
      queryKey: key,
      initialPageParam: null as GalleryCursor | null,
      getNextPageParam: (last: GalleryPage) => last.next,
      queryFn: () => new Promise<GalleryPage>((resolve) => (answer = resolve)),
      pages: 1,
    });
    await vi.waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe("fetching"));
    showGalleryChange(client, change(["f"], ["e"], 5));
    // Main answered before the change: its page still holds e and not f.
    answer(page(["e", "d"], 5, cursor(4)));
    await reading;
    expect(ids(client.getQueryData<GalleryPages>(key))).toEqual([["f", "d"]]);
  });
});

describe("an item the user deleted", () => {
  it("leaves the pages, counted once whether main's announcement came first or not", () => {
    const client = new QueryClient();
    client.setQueryData(key, held());
    dropFromGallery(client, item("d"));
    dropFromGallery(client, item("d"));
    const pages = client.getQueryData<GalleryPages>(key);
    expect(ids(pages)).toEqual([["e"], ["c", "b"]]);
    expect(pages?.pages.map((shown) => shown.total)).toEqual([4, 4]);
    showGalleryChange(client, change([], ["d"], 4));
    expect(client.getQueryData(key)).toEqual(pages);
  });
});
