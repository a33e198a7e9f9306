import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { REFERENCE_IMAGE_MAX_BYTES } from "../../../shared/ipc/tasks.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { useWindowDrag } from "../components/use-window-drag.ts";
import { useMediaDrafts } from "../panes/media/media-drafts.ts";
import { referenceFromFile, type ChosenReference } from "../panes/media/reference-image.ts";
import { useUiStore } from "../state/ui-store.ts";
import "./image-drop-offer.css";

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

/**
 * An image file dropped anywhere on the window (outside a drop zone of its own) is offered as the
 * reference image of a new video; anything else dropped is refused with a reason. The browser
 * never navigates to a dropped file.
 */
export function ImageDropOffer() {
  const { t } = useTranslation();
  const [offer, setOffer] = useState<ChosenReference | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Videos has a drop zone of its own, lit up for the same drag.
  const fileDragged = useWindowDrag(carriesFiles);
  const onVideos = useUiStore((state) => state.pane) === "videos";

  useEffect(() => {
    const allowDrop = (event: DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      void referenceFromFile(file).then((chosen) => {
        if (typeof chosen === "string") {
          setProblem(t(`media.reference.${chosen}`, { max: REFERENCE_IMAGE_MAX_BYTES / 1024 / 1024 }));
          return;
        }
        setProblem(null);
        setOffer(chosen);
      });
    };
    window.addEventListener("dragover", allowDrop);
    window.addEventListener("drop", onDrop);
    return () => {
      window.removeEventListener("dragover", allowDrop);
      window.removeEventListener("drop", onDrop);
    };
  }, [t]);

  const accept = () => {
    if (offer) useMediaDrafts.getState().referenceChosen(offer);
    setOffer(null);
    useUiStore.getState().paneSelected("videos");
  };

  return (
    <>
      {fileDragged && !onVideos && (
        <div className="drop-overlay" role="status">
          <p className="drop-overlay__message">{t("desktop.dropHere")}</p>
        </div>
      )}
      {problem && (
        <div className="drop-problem" role="alert">
          {problem}
          <button type="button" className="button button--small" onClick={() => setProblem(null)}>
            {t("desktop.dismiss")}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={offer !== null}
        title={t("desktop.dropTitle")}
        message={t("desktop.dropBody", { name: offer?.label ?? "" })}
        confirmLabel={t("desktop.dropConfirm")}
        cancelLabel={t("desktop.dropCancel")}
        onConfirm={accept}
        onCancel={() => setOffer(null)}
      />
    </>
  );
}
