import { useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { GalleryChange, GalleryCursor, GalleryPage } from "../../../shared/ipc/gallery.ts";
import type { MediaView } from "../../../shared/ipc/tasks.ts";
import { api } from "./desktop-api.ts";
import { unwrap } from "./api-error.ts";
import { useProfiles } from "./queries.ts";
import { taskKeys } from "./task-queries.ts";

type MediaKind = MediaView["kind"];
export type GalleryPages = InfiniteData<GalleryPage, GalleryCursor | null>;

/** A gallery as the page holds it: the items read so far, newest first, and how many there are in all. */
export interface Gallery {
  readonly items: readonly MediaView[];
  readonly total: number;
  /** Whether items beyond those read remain. */
  readonly more: boolean;
  /** Reads the next page, unless one is being read or none is left. */
  readMore(): void;
}

const NO_ITEMS: readonly MediaView[] = [];

/** Where the first page starts: before the newest item. */
const FIRST_PAGE: GalleryCursor | null = null;

/**
 * The active profile's gallery of one kind, read a page at a time (`gallery.page`): opening it reads
 * the newest page only, and `readMore` the next as the grid nears the end of what it holds. It stays
 * current from `gallery.changed` (`showGalleryChange`), so it is never stale by age: going back to
 * the pane, or to the window, reads nothing again; a reconnection reads every page held again.
 */
export function useGallery(kind: MediaKind): Gallery {
  const { data: profiles } = useProfiles();
  const profileId = profiles?.activeId ?? null;
  const query = useInfiniteQuery({
    queryKey: taskKeys.gallery(kind, profileId),
    queryFn: ({ pageParam }) => unwrap(api.gallery.page({ kind, after: pageParam })),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.next,
    enabled: profileId !== null,
    staleTime: Infinity,
  });
  const { data, hasNextPage, isFetching, fetchNextPage } = query;
  // Joined once per page read or change, not in each render of a scrolling grid.
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? NO_ITEMS, [data]);
  const readMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);
  return { items, total: data?.pages.at(-1)?.total ?? 0, more: hasNextPage, readMore };
}

/**
 * The pages with a change main announced: deleted items gone, added ones first (a finished task's
 * results are the newest items), each once, and the new count on every page. The same change
 * applied twice gives the same pages.
 */
export function withGalleryChange(pages: GalleryPages, change: GalleryChange): GalleryPages {
  const removed = new Set(change.removed);
  const held = new Set(pages.pages.flatMap((page) => page.items.map((item) => item.id)));
  const added = change.added.filter((item) => !held.has(item.id) && !removed.has(item.id));
  return {
    ...pages,
    pages: pages.pages.map((page, index) => ({
      ...page,
      items: [...(index === 0 ? added : []), ...page.items.filter((item) => !removed.has(item.id))],
      total: change.total,
    })),
  };
}

/**
 * A gallery changed in main: the pages held show it at once, without reading the list again. A page
 * being read meanwhile was asked for before the change and is added to the pages as they were then,
 * so the change is applied again once that read ends.
 */
export function showGalleryChange(queryClient: QueryClient, change: GalleryChange): void {
  const queryKey = taskKeys.gallery(change.kind, change.profileId);
  const apply = () =>
    queryClient.setQueryData<GalleryPages>(queryKey, (pages) => pages && withGalleryChange(pages, change));
  apply();
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== "fetching") return;
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === "fetching") return;
    unsubscribe();
    apply();
  });
}

/** An item the user deleted is gone from the pages held (main's announcement says the same). */
export function dropFromGallery(queryClient: QueryClient, item: MediaView): void {
  queryClient.setQueriesData<GalleryPages>({ queryKey: taskKeys.galleriesOf(item.kind) }, (pages) => {
    if (!pages?.pages.some((page) => page.items.some((held) => held.id === item.id))) return pages;
    const total = Math.max(0, (pages.pages.at(-1)?.total ?? 1) - 1);
    return withGalleryChange(pages, { profileId: "", kind: item.kind, added: [], removed: [item.id], total });
  });
}
