import { useId, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import {
  ATTACHMENTS_MAX,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
} from "../../../../shared/ipc/attachments.ts";
import {
  DOCUMENT_ATTACHMENT_MAX_BYTES,
  DOCUMENT_CHARS_MAX,
  DOCUMENT_PAGES_READ_MAX,
} from "../../../../shared/ipc/documents.ts";
import { errorText } from "../../components/app-text.ts";
import { documentDetail } from "./document-detail.ts";
import type { AttachmentProblem, DraftAttachment } from "./draft-attachments.ts";
import { ServerText } from "../../components/ServerText.tsx";
import { visibleControls } from "../../components/visible-controls.ts";
import { AttachmentChip } from "./AttachmentChip.tsx";
import "./attachments.css";

/** The limits as the window says them. */
const attachmentLimits = {
  count: ATTACHMENTS_MAX,
  imageMb: IMAGE_ATTACHMENT_MAX_BYTES / 1024 / 1024,
  documentMb: DOCUMENT_ATTACHMENT_MAX_BYTES / 1024 / 1024,
  pages: DOCUMENT_PAGES_READ_MAX,
  chars: DOCUMENT_CHARS_MAX.toLocaleString(),
  textKb: TEXT_ATTACHMENT_MAX_BYTES / 1024,
};

interface ComposerAttachmentsProps {
  readonly attachments: readonly DraftAttachment[];
  readonly problem: AttachmentProblem | null;
  onFiles(files: readonly File[]): void;
  onRemove(key: string): void;
}

/** Attach files (button, with the limits beside it) and the files in the message box, each removable. */
export function ComposerAttachments({ attachments, problem, onFiles, onRemove }: ComposerAttachmentsProps) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const limitsId = useId();
  return (
    <div className="composer-attachments">
      {attachments.length > 0 && (
        <ul className="attachment-list" aria-label={t("attachments.inMessage")}>
          {attachments.map((attachment) => (
            <li key={attachment.key}>
              <AttachmentChip
                name={attachment.name}
                bytes={attachment.bytes}
                preview={attachment.preview}
                document={
                  attachment.document && {
                    mark: t(`attachments.document.${attachment.document.format}`),
                    detail: documentDetail(t, attachment.document),
                  }
                }
              >
                <button
                  type="button"
                  className="attachment-chip__remove"
                  aria-label={t("attachments.remove", { name: visibleControls(attachment.name) })}
                  onClick={() => onRemove(attachment.key)}
                >
                  ×
                </button>
              </AttachmentChip>
            </li>
          ))}
        </ul>
      )}
      <div className="composer-attachments__bar">
        <button
          type="button"
          className="button button--small"
          aria-describedby={limitsId}
          onClick={() => picker.current?.click()}
        >
          {t("attachments.attach")}
        </button>
        <span id={limitsId} className="composer-attachments__limits">
          {t("attachments.limits", attachmentLimits)}
        </span>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>
      {problem && (
        <p className="composer-attachments__problem" role="alert">
          {problem.name !== null && (
            <>
              <ServerText text={problem.name} />
              {": "}
            </>
          )}
          {problem.detail ? errorText(problem.detail) : t(`attachments.problem.${problem.kind}`, attachmentLimits)}
        </p>
      )}
    </div>
  );
}
