import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ServerText } from "../../components/ServerText.tsx";
import { visibleControls } from "../../components/visible-controls.ts";

interface AttachmentChipProps {
  readonly name: string;
  readonly bytes: number;
  /** The image's thumbnail; null for a text file or a document (or an image still loading). */
  readonly preview: string | null;
  /** A document's kind, pages and characters, said in place of its size; its mark is its kind. */
  readonly document?: { readonly mark: string; readonly detail: string };
  readonly children?: ReactNode;
}

/**
 * A file as a small card: the image's thumbnail or a text file's mark, its name and size. The name
 * is the file's, not the app's: isolated and its controls shown, so "evil", U+202E, "gnp.exe"
 * cannot pass for "evilexe.png".
 */
export function AttachmentChip({ name, bytes, preview, document, children }: AttachmentChipProps) {
  const { t } = useTranslation();
  const shownName = visibleControls(name);
  const size =
    document?.detail ??
    (bytes < 1024 ? t("attachments.bytes", { count: bytes }) : t("attachments.kb", { kb: Math.ceil(bytes / 1024) }));
  return (
    <span className="attachment-chip" title={`${shownName} · ${size}`}>
      {preview ? (
        <img className="attachment-chip__thumb" src={preview} alt={shownName} />
      ) : (
        <span className="attachment-chip__file" aria-hidden="true">
          {document?.mark ?? "</>"}
        </span>
      )}
      <span className="attachment-chip__text">
        <ServerText className="attachment-chip__name" text={name} />
        <span className="attachment-chip__size">{size}</span>
      </span>
      {children}
    </span>
  );
}
