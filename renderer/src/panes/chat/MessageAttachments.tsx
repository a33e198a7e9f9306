import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Attachment } from "../../../../shared/ipc/attachments.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { AttachmentChip } from "./AttachmentChip.tsx";
import { documentDetail, formatOfMime } from "./document-detail.ts";
import "./attachments.css";

/** An image's bytes are asked for once, when its thumbnail first shows: a conversation's detail carries none. */
function SentAttachment({ conversationId, attachment }: { conversationId: string; attachment: Attachment }) {
  const image = useQuery({
    queryKey: ["chat", "attachment", attachment.id],
    queryFn: () => unwrap(api.chat.attachment({ conversationId, attachmentId: attachment.id })),
    enabled: attachment.kind === "image",
    staleTime: Infinity,
  });
  const { t } = useTranslation();
  const preview = image.data ? `data:${attachment.mime};base64,${image.data.data}` : null;
  const summary = attachment.document && { ...attachment.document, format: formatOfMime(attachment.mime) };
  const document = summary && { mark: t(`attachments.document.${summary.format}`), detail: documentDetail(t, summary) };
  return <AttachmentChip name={attachment.name} bytes={attachment.bytes} preview={preview} document={document} />;
}

/** The files sent with a question, as thumbnails (images) and named cards (text files and documents). */
export function MessageAttachments({
  conversationId,
  attachments,
}: {
  conversationId: string;
  attachments: readonly Attachment[];
}) {
  const { t } = useTranslation();
  return (
    <ul className="attachment-list" aria-label={t("attachments.sent")}>
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <SentAttachment conversationId={conversationId} attachment={attachment} />
        </li>
      ))}
    </ul>
  );
}
