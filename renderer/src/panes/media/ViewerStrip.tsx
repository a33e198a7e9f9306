import { useTranslation } from "../../i18n/use-translation.ts";
import type { MediaView } from "../../../../shared/ipc/tasks.ts";

/** Thumbnails either side of the shown item: enough to jump around without a strip of thousands. */
export const REACH = 6;

interface ViewerStripProps {
  readonly items: readonly MediaView[];
  readonly shownIndex: number;
  onShow(id: string): void;
}

/** The gallery's neighbours of the shown item as thumbnails; clicking one shows it. */
export function ViewerStrip({ items, shownIndex, onShow }: ViewerStripProps) {
  const { t } = useTranslation();
  if (items.length < 2) return null;
  const start = Math.max(0, Math.min(shownIndex - REACH, items.length - 2 * REACH - 1));
  const near = items.slice(start, start + 2 * REACH + 1);
  return (
    <nav className="viewer__strip" aria-label={t("gallery.strip")}>
      {near.map((item, offset) => (
        <button
          key={item.id}
          type="button"
          className="viewer__thumb"
          aria-label={t("gallery.show", { prompt: item.prompt })}
          aria-current={start + offset === shownIndex ? "true" : undefined}
          onClick={() => onShow(item.id)}
        >
          {item.kind === "image" ? (
            <img src={item.src} alt="" loading="lazy" />
          ) : (
            <video src={item.src} preload="metadata" muted aria-hidden="true" tabIndex={-1} />
          )}
        </button>
      ))}
    </nav>
  );
}
