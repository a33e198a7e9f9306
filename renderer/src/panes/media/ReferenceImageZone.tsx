import { useState, type DragEvent } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { REFERENCE_IMAGE_MAX_BYTES, type MediaView } from "../../../../shared/ipc/tasks.ts";
import { useWindowDrag } from "../../components/use-window-drag.ts";
import { MEDIA_DRAG_TYPE } from "./MediaCard.tsx";
import { referenceFromFile, type ChosenReference } from "./reference-image.ts";
import "./reference-image.css";

interface ReferenceImageZoneProps {
  readonly value: ChosenReference | null;
  /** A reference whose image was deleted from the gallery since it was chosen. */
  readonly lost: ChosenReference | null;
  readonly galleryImages: readonly MediaView[];
  onChange(reference: ChosenReference | null): void;
}

/**
 * Reference image: an image file dragged from the desktop, an image dragged from the gallery, or a
 * pasted URL. Shows a preview (a link by its address only) and clears with one click; a bad file gets
 * a clear message and is not used.
 */
export function ReferenceImageZone({ value, lost, galleryImages, onChange }: ReferenceImageZoneProps) {
  const { t } = useTranslation();
  const windowDrag = useWindowDrag();
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [url, setUrl] = useState("");

  const chooseFile = async (file: File) => {
    const chosen = await referenceFromFile(file);
    if (typeof chosen === "string") {
      setProblem(t(`media.reference.${chosen}`, { max: REFERENCE_IMAGE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setProblem(null);
    onChange(chosen);
  };

  const chooseGalleryImage = (id: string) => {
    const media = galleryImages.find((item) => item.id === id);
    if (!media) return;
    setProblem(null);
    onChange({ image: { kind: "media", mediaId: media.id }, preview: media.src, label: media.prompt });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const mediaId = event.dataTransfer.getData(MEDIA_DRAG_TYPE);
    if (mediaId) return chooseGalleryImage(mediaId);
    const file = event.dataTransfer.files[0];
    if (file) void chooseFile(file);
    else setProblem(t("media.reference.notImage"));
  };

  const chooseUrl = () => {
    const trimmed = url.trim();
    if (!/^https?:\/\/\S+$/i.test(trimmed)) {
      setProblem(t("media.reference.badUrl"));
      return;
    }
    setProblem(null);
    onChange({ image: { kind: "url", url: trimmed }, preview: null, label: trimmed });
  };

  return (
    <div className="field">
      <div
        role="group"
        aria-label={t("media.reference.label")}
        className={`drop-zone${windowDrag ? " drop-zone--armed" : ""}${over ? " drop-zone--over" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className="field__label">{t("media.reference.label")}</span>
        {value ? (
          <div className="drop-zone__chosen">
            {value.preview && (
              <img src={value.preview} alt={t("media.reference.preview")} className="drop-zone__preview" />
            )}
            <span className="drop-zone__name">{value.label}</span>
            <button type="button" className="button button--small" onClick={() => onChange(null)}>
              {t("media.reference.clear")}
            </button>
          </div>
        ) : (
          <>
            {lost && (
              <p className="drop-zone__lost" role="status">
                {t("media.reference.lost", { label: lost.label })}
              </p>
            )}
            <p className="drop-zone__hint">{t("media.reference.hint")}</p>
          </>
        )}
        <div className="drop-zone__url">
          <input
            name="image"
            aria-label={t("media.reference.url")}
            placeholder="https://…/picture.png"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                chooseUrl();
              }
            }}
          />
          <button type="button" className="button button--small" onClick={chooseUrl}>
            {t("media.reference.useUrl")}
          </button>
        </div>
        <label className="button button--small drop-zone__file">
          {t("media.reference.choose")}
          <input
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void chooseFile(file);
              event.target.value = "";
            }}
          />
        </label>
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
