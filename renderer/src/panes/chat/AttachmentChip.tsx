import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface AttachmentChipProps {
  readonly name: string;
  readonly bytes: number;
  /** The image's thumbnail; null for a text file (or an image still loading). */
  readonly preview: string | null;
  readonly children?: ReactNode;
}

/** A file as a small card: the image's thumbnail or a text file's mark, its name and size. */
export function AttachmentChip({ name, bytes, preview, children }: AttachmentChipProps) {
  const { t } = useTranslation();
  const size =
    bytes < 1024 ? t("attachments.bytes", { count: bytes }) : t("attachments.kb", { kb: Math.ceil(bytes / 1024) });
  return (
    <span className="attachment-chip" title={`${name} · ${size}`}>
      {preview ? (
        <img className="attachment-chip__thumb" src={preview} alt={name} />
      ) : (
        <span className="attachment-chip__file" aria-hidden="true">
          {"</>"}
        </span>
      )}
      <span className="attachment-chip__name">{name}</span>
      <span className="attachment-chip__size">{size}</span>
      {children}
    </span>
  );
}
