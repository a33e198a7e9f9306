import { memo, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { MediaView } from "../../../../shared/ipc/tasks.ts";
import { useCardThumbnail } from "./card-thumbnails.ts";
import { mediaFileName } from "./media-file-name.ts";

export const MEDIA_DRAG_TYPE = "application/x-modeldesk-media";

interface MediaCardProps {
  readonly item: MediaView;
  onOpen(item: MediaView): void;
  onAnimate(item: MediaView): void;
  onDelete(item: MediaView): void;
  /** The viewer, when it was opened from this card: its details then belong to the card. */
  readonly children?: React.ReactNode;
}

/** A result in the gallery: its preview opens the viewer; the card's buttons act on it directly. */
export const MediaCard = memo(function MediaCard({ item, onOpen, onAnimate, onDelete, children }: MediaCardProps) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  return (
    <article className="media-card" aria-label={item.prompt}>
      {missing ? (
        <p className="media-card__placeholder media-card__missing" role="status">
          {t("media.fileMissing")}
        </p>
      ) : (
        <button
          type="button"
          className="media-card__open"
          aria-label={t("gallery.open", { prompt: item.prompt })}
          onClick={() => onOpen(item)}
        >
          {item.kind === "image" ? (
            <CardImage item={item} onMissing={() => setMissing(true)} />
          ) : (
            <video
              className="media-card__preview"
              src={item.src}
              preload="metadata"
              muted
              aria-label={item.prompt}
              onError={() => setMissing(true)}
            />
          )}
        </button>
      )}
      <p className="media-card__prompt" title={item.prompt}>
        {item.prompt}
      </p>
      <div className="media-card__actions">
        <button type="button" className="button button--small" onClick={() => onOpen(item)}>
          {t("media.details")}
        </button>
        {item.kind === "image" && (
          <button
            type="button"
            className="button button--small"
            aria-label={`${t("media.animate")}: ${item.prompt}`}
            onClick={() => onAnimate(item)}
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
      {children}
    </article>
  );
});

/**
 * The card's preview of an image: a small copy kept or made for the card (card-thumbnails.ts), never
 * the full picture; draggable onto Videos.
 */
function CardImage({ item, onMissing }: { item: MediaView; onMissing: () => void }) {
  const { url, kept, failed, remake } = useCardThumbnail(item);
  useEffect(() => {
    if (failed) onMissing();
  }, [failed, onMissing]);
  if (url === null) return <span className="media-card__preview" />;
  return (
    <img
      className="media-card__preview"
      src={url}
      alt={item.prompt}
      decoding="async"
      onError={kept ? remake : onMissing}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(MEDIA_DRAG_TYPE, item.id);
        event.dataTransfer.effectAllowed = "copy";
      }}
    />
  );
}
