import { errorDetail } from "../../api/api-error.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { useGalleryTrash } from "./gallery-trash.ts";

/** The newest deletion, with Undo while it is held; or why main could not remove one. */
export function UndoDeleteBar() {
  const { t } = useTranslation();
  const latest = useGalleryTrash((state) => state.held.at(-1));
  const failure = useGalleryTrash((state) => state.failure);
  const restore = useGalleryTrash((state) => state.restore);
  if (failure) return <ErrorNotice error={errorDetail(failure)} />;
  if (!latest) return null;
  return (
    <div className="undo-bar gallery__undo" role="status">
      <span>{t("gallery.deleted", { prompt: latest.prompt })}</span>
      {/* The deleted card took the focus with it; Undo is the likeliest next key. */}
      <button type="button" className="button button--small" onClick={() => restore(latest.id)} autoFocus>
        {t("gallery.undo")}
      </button>
    </div>
  );
}
