import { memo, useEffect, useState } from "react";
import type { TFunction } from "i18next";
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

/** What a card says, whatever its item: each label once, and the open button's words either side of the prompt. */
interface CardTexts {
  readonly open: readonly string[];
  readonly details: string;
  readonly animate: string;
  readonly saveAs: string;
  readonly delete: string;
  readonly fileMissing: string;
}

/** Stands for the prompt while the open button's sentence is translated: no translation holds it. */
const PROMPT_MARK = "\u{F0000}";
const textsOf = new WeakMap<TFunction, CardTexts>();

/**
 * The card's texts in the language `t` speaks, translated once: a scrolling gallery draws a few
 * cards a frame, and asking i18next for each label of each card was half of what the page
 * allocated while it scrolled (its options and lookups), the garbage its collections then stopped for.
 */
function cardTexts(t: TFunction): CardTexts {
  let texts = textsOf.get(t);
  if (!texts) {
    texts = {
      open: t("gallery.open", { prompt: PROMPT_MARK }).split(PROMPT_MARK),
      details: t("media.details"),
      animate: t("media.animate"),
      saveAs: t("media.saveAs"),
      delete: t("media.delete"),
      fileMissing: t("media.fileMissing"),
    };
    textsOf.set(t, texts);
  }
  return texts;
}

/** A result in the gallery: its preview opens the viewer; the card's buttons act on it directly. */
export const MediaCard = memo(function MediaCard({ item, onOpen, onAnimate, onDelete, children }: MediaCardProps) {
  const texts = cardTexts(useTranslation().t);
  const [missing, setMissing] = useState(false);
  return (
    <article className="media-card" aria-label={item.prompt}>
      {missing ? (
        <p className="media-card__placeholder media-card__missing" role="status">
          {texts.fileMissing}
        </p>
      ) : (
        <button
          type="button"
          className="media-card__open"
          aria-label={texts.open.join(item.prompt)}
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
          {texts.details}
        </button>
        {item.kind === "image" && (
          <button
            type="button"
            className="button button--small"
            aria-label={`${texts.animate}: ${item.prompt}`}
            onClick={() => onAnimate(item)}
          >
            {texts.animate}
          </button>
        )}
        <a className="button button--small" href={item.src} download={mediaFileName(item)}>
          {texts.saveAs}
        </a>
        <button
          type="button"
          className="button button--small button--danger"
          aria-label={`${texts.delete}: ${item.prompt}`}
          onClick={() => onDelete(item)}
        >
          {texts.delete}
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
