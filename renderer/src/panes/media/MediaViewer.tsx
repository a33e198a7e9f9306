import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { MediaView } from "../../../../shared/ipc/tasks.ts";
import { MediaDetails } from "./MediaDetails.tsx";
import { ViewerStage, ZOOM_LEVELS, zoomStep } from "./ViewerStage.tsx";
import { REACH, ViewerStrip } from "./ViewerStrip.tsx";
import "./viewer.css";

interface MediaViewerProps {
  /** The gallery's items read so far, in order: Previous and Next walk through them. */
  readonly items: readonly MediaView[];
  /** How many items the gallery holds in all, read or not. */
  readonly total: number;
  readonly shownId: string;
  onShow(id: string): void;
  onClose(): void;
  onAnimate(item: MediaView): void;
  onDelete(item: MediaView): void;
  /** Near the last item read: the next page is read, so Next goes on past it. */
  onNearEnd(): void;
}

/** How close to the last item read the viewer reads the next page: before the strip shows the last. */
const NEAR_END = REACH + 1;

interface Zoom {
  readonly id: string;
  readonly level: number;
  readonly fittedWidth: number;
}

/**
 * One result large, with its details beside it: a modal <dialog>, so focus stays inside and
 * Escape closes it. ←/→ walk the gallery, + and − zoom an image, 0 fits it again.
 */
export function MediaViewer({
  items,
  total,
  shownId,
  onShow,
  onClose,
  onAnimate,
  onDelete,
  onNearEnd,
}: MediaViewerProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const [zoomState, setZoom] = useState<Zoom>({ id: shownId, level: 1, fittedWidth: 0 });
  const index = items.findIndex((item) => item.id === shownId);
  const item = items[index];
  const zoom = zoomState.id === shownId ? zoomState : { id: shownId, level: 1, fittedWidth: 0 };

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    if (!item) onClose();
  }, [item, onClose]);
  const nearEnd = index >= items.length - NEAR_END;
  useEffect(() => {
    if (nearEnd) onNearEnd();
  }, [nearEnd, onNearEnd, items.length]);
  if (!item) return null;

  // Closed before it goes, so focus returns to where it was.
  const close = () => {
    dialog.current?.close();
    onClose();
  };
  const previous = items[index - 1];
  const next = items[index + 1];
  const zoomTo = (level: number) =>
    setZoom({
      id: shownId,
      level,
      fittedWidth: zoom.level === 1 ? (picture.current?.clientWidth ?? 0) : zoom.fittedWidth,
    });
  const keyDown = (event: KeyboardEvent) => {
    // The player's own keys seek and change the volume.
    if (event.target instanceof HTMLVideoElement || event.target instanceof HTMLInputElement) return;
    const act: Record<string, (() => void) | undefined> = {
      ArrowLeft: previous && (() => onShow(previous.id)),
      ArrowRight: next && (() => onShow(next.id)),
      "+": item.kind === "image" ? () => zoomTo(zoomStep(zoom.level, 1)) : undefined,
      "=": item.kind === "image" ? () => zoomTo(zoomStep(zoom.level, 1)) : undefined,
      "-": item.kind === "image" ? () => zoomTo(zoomStep(zoom.level, -1)) : undefined,
      "0": item.kind === "image" ? () => zoomTo(1) : undefined,
    };
    const action = act[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <dialog
      ref={dialog}
      className="viewer"
      aria-label={t("gallery.viewerTitle", { prompt: item.prompt })}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={keyDown}
    >
      <header className="viewer__bar">
        <span className="viewer__position">
          {t("gallery.position", { index: index + 1, count: Math.max(total, items.length) })}
        </span>
        <button type="button" className="button" disabled={!previous} onClick={() => previous && onShow(previous.id)}>
          {t("gallery.previous")}
        </button>
        <button type="button" className="button" disabled={!next} onClick={() => next && onShow(next.id)}>
          {t("gallery.next")}
        </button>
        {item.kind === "image" && (
          <div className="viewer__zoom" role="group" aria-label={t("gallery.zoom")}>
            <button
              type="button"
              className="button"
              onClick={() => zoomTo(zoomStep(zoom.level, -1))}
              disabled={zoom.level === 1}
            >
              {t("gallery.zoomOut")}
            </button>
            <output className="viewer__zoom-level" aria-live="polite">
              {zoom.level === 1 ? t("gallery.fitted") : `${Math.round(zoom.level * 100)}%`}
            </output>
            <button
              type="button"
              className="button"
              onClick={() => zoomTo(zoomStep(zoom.level, 1))}
              disabled={zoom.level === ZOOM_LEVELS.at(-1)}
            >
              {t("gallery.zoomIn")}
            </button>
            <button type="button" className="button" onClick={() => zoomTo(1)} disabled={zoom.level === 1}>
              {t("gallery.fit")}
            </button>
          </div>
        )}
        <button type="button" className="button viewer__close" onClick={close} autoFocus>
          {t("gallery.close")}
        </button>
      </header>
      <div className="viewer__body">
        <ViewerStage item={item} zoom={zoom.level} fittedWidth={zoom.fittedWidth} pictureRef={picture} />
        <MediaDetails item={item} onAnimate={onAnimate} onDelete={onDelete} />
      </div>
      <ViewerStrip items={items} shownIndex={index} onShow={onShow} />
    </dialog>
  );
}
