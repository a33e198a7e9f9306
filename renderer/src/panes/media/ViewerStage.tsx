import type { Ref } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { MediaView } from "../../../../shared/ipc/tasks.ts";

/** Zoom steps relative to the picture fitted in the window. */
export const ZOOM_LEVELS = [1, 1.5, 2, 3, 4] as const;

/** One step in or out from `zoom`, or the same level at either end. */
export function zoomStep(zoom: number, direction: 1 | -1): number {
  const index = ZOOM_LEVELS.findIndex((level) => level >= zoom);
  return ZOOM_LEVELS[Math.min(ZOOM_LEVELS.length - 1, Math.max(0, index + direction))] ?? zoom;
}

interface ViewerStageProps {
  readonly item: MediaView;
  readonly zoom: number;
  /** The picture's width when fitted to the stage; zoom levels are multiples of it. */
  readonly fittedWidth: number;
  readonly pictureRef: Ref<HTMLImageElement>;
}

/** The picture fitted to the stage (zoom 1) or enlarged and scrollable, or the video in a large player. */
export function ViewerStage({ item, zoom, fittedWidth, pictureRef }: ViewerStageProps) {
  const { t } = useTranslation();
  const enlarged = zoom > 1 && fittedWidth > 0;
  return (
    <div className="viewer__stage">
      {item.kind === "image" ? (
        <img
          ref={pictureRef}
          className="viewer__image"
          src={item.src}
          alt={item.prompt}
          style={enlarged ? { width: fittedWidth * zoom, maxWidth: "none", maxHeight: "none" } : undefined}
        />
      ) : (
        <video className="viewer__video" src={item.src} controls preload="metadata" aria-label={t("gallery.player")} />
      )}
    </div>
  );
}
