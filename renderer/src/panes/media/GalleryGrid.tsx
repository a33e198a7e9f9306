import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { MediaView, TaskView } from "../../../../shared/ipc/tasks.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
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
  readonly items: readonly MediaView[];
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

/** A virtualised grid: thousands of items stay smooth because only the visible rows exist. */
export function GalleryGrid({ items, pending, failed, label, emptyText }: GalleryGridProps) {
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
  const shown = items.filter((item) => !held.some((gone) => gone.id === item.id));
  const remove = useCallback(
    (item: MediaView) => {
      setViewing((current) => (current?.shownId === item.id ? null : current));
      trash(item, () => queryClient.invalidateQueries({ queryKey: taskKeys.galleriesOf(item.kind) }));
    },
    [queryClient, trash],
  );
  const open = useCallback((item: MediaView) => setViewing({ openerId: item.id, shownId: item.id }), []);
  const closeViewer = useCallback(() => setViewing(null), []);
  const dismissTask = useCallback((task: TaskView) => dismiss(task.id), [dismiss]);
  const columns = Math.max(1, Math.floor(width / COLUMN_WIDTH));
  const count = pending.length + failed.length + shown.length;
  // Only the visible cells are made, so a scroll frame costs the same with ten items or ten thousand.
  const cellAt = (index: number): ReactNode => {
    const task = pending[index];
    if (task) return <PendingCard key={task.id} task={task} />;
    const ended = failed[index - pending.length];
    if (ended) return <FailedCard key={ended.id} task={ended} onRetry={retry.mutate} onDismiss={dismissTask} />;
    const item = shown[index - pending.length - failed.length];
    if (!item) return null;
    return (
      <MediaCard key={item.id} item={item} onOpen={open} onAnimate={animate} onDelete={remove}>
        {viewing?.openerId === item.id && (
          <MediaViewer
            items={shown}
            shownId={viewing.shownId}
            onShow={(id) => setViewing({ ...viewing, shownId: id })}
            onClose={closeViewer}
            onAnimate={animate}
            onDelete={remove}
          />
        )}
      </MediaCard>
    );
  };
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
  return (
    <section className="gallery" aria-label={label}>
      <div className="gallery__scroller" ref={scroller}>
        <UndoDeleteBar />
        {count === 0 && <p className="empty-state">{emptyText}</p>}
        <ActionError actions={[retry]} />
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.index}
              className="gallery__row"
              style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, 1fr)` }}
            >
              {Array.from({ length: columns }, (_, column) => cellAt(row.index * columns + column))}
            </div>
          ))}
        </div>
      </div>
      <span className="visually-hidden">{t("media.count", { count: shown.length })}</span>
    </section>
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
