import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MediaView, TaskView } from "../../../../shared/ipc/tasks.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { taskKeys } from "../../api/task-queries.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { CopyButton } from "../../components/CopyButton.tsx";
import { useUiStore } from "../../state/ui-store.ts";
import { mediaFileName } from "./media-file-name.ts";
import { useMediaDrafts } from "./media-drafts.ts";
import "./gallery.css";
import { formatDateTime } from "../../components/format.ts";

export const MEDIA_DRAG_TYPE = "application/x-modeldesk-media";

const COLUMN_WIDTH = 220;
const ROW_HEIGHT = 280;

interface GalleryGridProps {
  readonly items: readonly MediaView[];
  /** Tasks still running, shown first as placeholders with their progress. */
  readonly pending: readonly TaskView[];
  readonly label: string;
  readonly emptyText: string;
}

/** A virtualised grid: thousands of items stay smooth because only the visible rows exist. */
export function GalleryGrid({ items, pending, label, emptyText }: GalleryGridProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(900);
  const remove = useMutation({
    mutationFn: (item: MediaView) => unwrap(api.gallery.remove({ id: item.id })),
    onSuccess: (_result, item) => queryClient.invalidateQueries({ queryKey: taskKeys.galleriesOf(item.kind) }),
  });
  const columns = Math.max(1, Math.floor(width / COLUMN_WIDTH));
  const cells: ReactNode[] = [
    ...pending.map((task) => <PendingCard key={task.id} task={task} />),
    ...items.map((item) => <MediaCard key={item.id} item={item} onDelete={remove.mutate} />),
  ];
  const rows = Math.ceil(cells.length / columns);
  // Compiled, this component would keep the virtualizer's first rows: it must stay uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
  });
  return (
    <section className="gallery" aria-label={label}>
      <div
        className="gallery__scroller"
        ref={(element) => {
          scroller.current = element;
          if (element && element.clientWidth !== width && element.clientWidth > 0) setWidth(element.clientWidth);
        }}
      >
        {cells.length === 0 && <p className="empty-state">{emptyText}</p>}
        <ActionError actions={[remove]} />
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.index}
              className="gallery__row"
              style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, 1fr)` }}
            >
              {cells.slice(row.index * columns, row.index * columns + columns)}
            </div>
          ))}
        </div>
      </div>
      <span className="visually-hidden">{t("media.count", { count: items.length })}</span>
    </section>
  );
}

function PendingCard({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  return (
    <article className="media-card media-card--pending" aria-label={t("media.pending", { prompt: task.prompt })}>
      <div className="media-card__placeholder">
        <span>{t(`tasks.status.${task.status}`)}</span>
        <progress max={100} value={task.progress} aria-label={t("tasks.progress")} />
      </div>
      <p className="media-card__prompt">{task.prompt}</p>
    </article>
  );
}

/** Animate: the image becomes the reference image of a new video, in Videos. */
function animate(item: MediaView): void {
  useMediaDrafts.getState().referenceChosen({
    image: { kind: "media", mediaId: item.id },
    preview: item.src,
    label: item.prompt,
  });
  useUiStore.getState().paneSelected("videos");
}

function MediaCard({ item, onDelete }: { item: MediaView; onDelete(item: MediaView): void }) {
  const { t } = useTranslation();
  const [details, setDetails] = useState(false);
  const [missing, setMissing] = useState(false);
  return (
    <article className="media-card" aria-label={item.prompt}>
      {missing ? (
        <p className="media-card__placeholder media-card__missing" role="status">
          {t("media.fileMissing")}
        </p>
      ) : item.kind === "image" ? (
        <img
          className="media-card__preview"
          src={item.src}
          alt={item.prompt}
          loading="lazy"
          onError={() => setMissing(true)}
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(MEDIA_DRAG_TYPE, item.id);
            event.dataTransfer.effectAllowed = "copy";
          }}
        />
      ) : (
        <video
          className="media-card__preview"
          src={item.src}
          controls
          preload="metadata"
          aria-label={item.prompt}
          onError={() => setMissing(true)}
        />
      )}
      <p className="media-card__prompt" title={item.prompt}>
        {item.prompt}
      </p>
      <div className="media-card__actions">
        <button
          type="button"
          className="button button--small"
          aria-expanded={details}
          onClick={() => setDetails((shown) => !shown)}
        >
          {t("media.details")}
        </button>
        {item.kind === "image" && (
          <button
            type="button"
            className="button button--small"
            aria-label={`${t("media.animate")}: ${item.prompt}`}
            onClick={() => animate(item)}
          >
            {t("media.animate")}
          </button>
        )}
        <a className="button button--small" href={item.src} download={mediaFileName(item)}>
          {t("media.saveAs")}
        </a>
        <button
          type="button"
          className="button button--small button--danger"
          aria-label={`${t("media.delete")}: ${item.prompt}`}
          onClick={() => onDelete(item)}
        >
          {t("media.delete")}
        </button>
      </div>
      {details && (
        <dl className="media-card__details">
          <dt>{t("media.model")}</dt>
          <dd>{item.model}</dd>
          {item.size && (
            <>
              <dt>{t("media.size")}</dt>
              <dd>{item.size}</dd>
            </>
          )}
          {item.duration !== null && (
            <>
              <dt>{t("media.duration")}</dt>
              <dd>{t("media.seconds", { count: item.duration })}</dd>
            </>
          )}
          {item.requestId && (
            <>
              <dt>{t("error.requestId")}</dt>
              <dd>
                <code>{item.requestId}</code> <CopyButton text={item.requestId} label={t("error.copy")} />
              </dd>
            </>
          )}
          <dt>{t("media.created")}</dt>
          <dd>{formatDateTime(item.createdAt)}</dd>
        </dl>
      )}
    </article>
  );
}
