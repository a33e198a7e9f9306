import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { GALLERY_PAGE_SIZE } from "../../../../shared/ipc/gallery.ts";
import type { MediaView, TaskView } from "../../../../shared/ipc/tasks.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { dropFromGallery, type Gallery } from "../../api/gallery-queries.ts";
import { taskKeys } from "../../api/task-queries.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { useUiStore } from "../../state/ui-store.ts";
import { useDismissedFailures } from "./dismissed-failures.ts";
import { FailedCard } from "./FailedCard.tsx";
import { useGalleryTrash } from "./gallery-trash.ts";
import { MediaCard } from "./MediaCard.tsx";
import { useMediaDrafts } from "./media-drafts.ts";
import { MediaViewer } from "./MediaViewer.tsx";
import { PendingCard } from "./PendingCard.tsx";
import { UndoDeleteBar } from "./UndoDeleteBar.tsx";
import "./gallery.css";

const COLUMN_WIDTH = 260;
const ROW_HEIGHT = 280;

interface GalleryGridProps {
  /** The gallery's items read so far, newest first, and how many it holds in all (`useGallery`). */
  readonly gallery: Gallery;
  /** Tasks still running, shown first as placeholders with their progress. */
  readonly pending: readonly TaskView[];
  /** Tasks that ended without a result, shown with why until dismissed. */
  readonly failed: readonly TaskView[];
  readonly label: string;
  readonly emptyText: string;
}

/** Which card opened the viewer (its details belong to that card) and which item it shows now. */
interface Viewing {
  readonly openerId: string;
  readonly shownId: string;
}

/** What the grid's cells show, in order: running tasks, failed ones, then the items. */
interface Cells {
  readonly pending: readonly TaskView[];
  readonly failed: readonly TaskView[];
  readonly shown: readonly MediaView[];
}

/** What a card's buttons do: the same functions for every render, so a row drawn once is not drawn again. */
interface CardActions {
  open(item: MediaView): void;
  remove(item: MediaView): void;
  retry(task: TaskView): void;
  dismiss(task: TaskView): void;
}

/**
 * A virtualised grid: thousands of items stay smooth because only the visible rows exist, and the
 * gallery is read a page at a time, the next as the rows near the end of those read.
 */
export function GalleryGrid({ gallery, pending, failed, label, emptyText }: GalleryGridProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(900);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const held = useGalleryTrash((state) => state.held);
  const trash = useGalleryTrash((state) => state.trash);
  const dismiss = useDismissedFailures((state) => state.dismiss);
  const retry = useMutation({
    mutationFn: (task: TaskView) => unwrap(api.tasks.retry({ id: task.id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.taskLists }),
  });
  const { items, total, more, readMore } = gallery;
  // Worked out when the items or the deletions held change, not in every frame of a scroll.
  const shown = useMemo(
    () => (held.length === 0 ? items : items.filter((item) => !held.some((gone) => gone.id === item.id))),
    [items, held],
  );
  // The count main gave, less the deletions still held (each is among the items read: it was deleted from its card).
  const shownTotal = Math.max(shown.length, total - (items.length - shown.length));
  // Translated when the count changes, not in each frame of a scroll (i18next allocates for every call).
  const countText = useMemo(() => t("media.count", { count: shownTotal }), [t, shownTotal]);
  const cells = useMemo<Cells>(() => ({ pending, failed, shown }), [pending, failed, shown]);
  const retryTask = retry.mutate;
  const actions = useMemo<CardActions>(
    () => ({
      open: (item) => setViewing({ openerId: item.id, shownId: item.id }),
      remove: (item) => {
        setViewing((current) => (current?.shownId === item.id ? null : current));
        trash(item, () => dropFromGallery(queryClient, item));
      },
      retry: (task) => retryTask(task),
      dismiss: (task) => dismiss(task.id),
    }),
    [queryClient, trash, retryTask, dismiss],
  );
  const closeViewer = useCallback(() => setViewing(null), []);
  const columns = Math.max(1, Math.floor(width / COLUMN_WIDTH));
  const count = pending.length + failed.length + shown.length;
  const rows = Math.ceil(count / columns);
  // Compiled, this component would keep the virtualizer's first rows: it must stay uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
    // React renders the new rows with the next frame instead of inside each scroll event.
    useFlushSync: false,
  });
  const virtualRows = virtualizer.getVirtualItems();
  // The next page is read while half a page of rows is still below the last one drawn.
  const nearEnd = more && (virtualRows.at(-1)?.index ?? 0) >= rows - Math.ceil(GALLERY_PAGE_SIZE / 2 / columns);
  useEffect(() => {
    if (nearEnd) readMore();
  }, [nearEnd, readMore, rows]);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Measured when it changes, never read in render: a read there forces a layout every frame.
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const viewer = viewing && (
    <MediaViewer
      items={shown}
      total={shownTotal}
      shownId={viewing.shownId}
      onShow={(id) => setViewing({ ...viewing, shownId: id })}
      onClose={closeViewer}
      onAnimate={animate}
      onDelete={actions.remove}
      onNearEnd={readMore}
    />
  );
  return (
    <section className="gallery" aria-label={label}>
      {/* data-more: items remain to be read below the last (the benches' and tests' scroll waits for them). */}
      <div className="gallery__scroller" ref={scroller} data-more={more ? "true" : undefined}>
        <UndoDeleteBar />
        {count === 0 && <p className="empty-state">{emptyText}</p>}
        <ActionError actions={[retry]} />
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualRows.map((row) => (
            <GalleryRow
              key={row.index}
              index={row.index}
              start={row.start}
              columns={columns}
              cells={cells}
              actions={actions}
              openerId={viewing?.openerId ?? null}
              viewer={viewer}
            />
          ))}
        </div>
      </div>
      <span className="visually-hidden">{countText}</span>
    </section>
  );
}

interface GalleryRowProps {
  readonly index: number;
  readonly start: number;
  readonly columns: number;
  readonly cells: Cells;
  readonly actions: CardActions;
  readonly openerId: string | null;
  /** The viewer, drawn inside the card that opened it. */
  readonly viewer: ReactNode;
}

/**
 * A row of cards. Its props stay the same while the grid scrolls, so a scroll frame draws only the
 * rows coming into view, not again every row on screen.
 */
const GalleryRow = memo(function GalleryRow({
  index,
  start,
  columns,
  cells,
  actions,
  openerId,
  viewer,
}: GalleryRowProps) {
  return (
    <div
      className="gallery__row"
      style={{ transform: `translateY(${start}px)`, gridTemplateColumns: `repeat(${columns}, 1fr)` }}
    >
      {Array.from({ length: columns }, (_, column) =>
        cellAt(cells, index * columns + column, actions, openerId, viewer),
      )}
    </div>
  );
});

function cellAt(cells: Cells, index: number, actions: CardActions, openerId: string | null, viewer: ReactNode) {
  const { pending, failed, shown } = cells;
  const task = pending[index];
  if (task) return <PendingCard key={task.id} task={task} />;
  const ended = failed[index - pending.length];
  if (ended) return <FailedCard key={ended.id} task={ended} onRetry={actions.retry} onDismiss={actions.dismiss} />;
  const item = shown[index - pending.length - failed.length];
  if (!item) return null;
  return (
    <MediaCard key={item.id} item={item} onOpen={actions.open} onAnimate={animate} onDelete={actions.remove}>
      {openerId === item.id && viewer}
    </MediaCard>
  );
}

/** Animate: the image becomes the reference image of a new video, in Videos. */
function animate(item: MediaView): void {
  useMediaDrafts.getState().animateChosen({
    image: { kind: "media", mediaId: item.id },
    preview: item.src,
    label: item.prompt,
  });
  useUiStore.getState().paneSelected("videos");
}
