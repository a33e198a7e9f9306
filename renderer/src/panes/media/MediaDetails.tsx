import { useTranslation } from "../../i18n/use-translation.ts";
import type { MediaView } from "../../../../shared/ipc/tasks.ts";
import { CopyButton } from "../../components/CopyButton.tsx";
import { formatDateTime } from "../../components/format.ts";
import { mediaFileName } from "./media-file-name.ts";

interface MediaDetailsProps {
  readonly item: MediaView;
  onAnimate(item: MediaView): void;
  onDelete(item: MediaView): void;
}

/** Everything known about one result, in full (nothing is clipped), and what can be done with it. */
export function MediaDetails({ item, onAnimate, onDelete }: MediaDetailsProps) {
  const { t } = useTranslation();
  return (
    <aside className="viewer__details" aria-label={t("media.details")}>
      <p className="viewer__prompt">{item.prompt}</p>
      <dl className="viewer__facts">
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
      <div className="viewer__actions">
        {item.kind === "image" && (
          <button type="button" className="button" onClick={() => onAnimate(item)}>
            {t("media.animate")}
          </button>
        )}
        <a className="button" href={item.src} download={mediaFileName(item)}>
          {t("media.saveAs")}
        </a>
        <button type="button" className="button button--danger" onClick={() => onDelete(item)}>
          {t("media.delete")}
        </button>
      </div>
    </aside>
  );
}
