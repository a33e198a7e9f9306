import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import { ConfirmButton } from "../../components/ConfirmButton.tsx";
import { CopyButton } from "../../components/CopyButton.tsx";
import { VersionSwitch } from "./VersionSwitch.tsx";

interface MessageActionsProps {
  readonly message: ChatMessage;
  readonly busy: boolean;
  onDelete(messageId: string): void;
}

/** The versions, Copy and Delete, on every message. */
export function MessageActions({ message, busy, onDelete }: MessageActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <VersionSwitch message={message} busy={busy} />
      <CopyButton text={message.content} label={t("chat.copyMessage")} />
      <ConfirmButton
        label={t("chat.delete")}
        accessibleName={t("chat.deleteMessage")}
        className="button button--small"
        disabled={busy}
        title={t("chat.deleteMessageTitle")}
        message={t("chat.deleteMessageBody")}
        confirmLabel={t("chat.deleteMessage")}
        cancelLabel={t("settings.cancel")}
        onConfirm={() => onDelete(message.id)}
      />
    </>
  );
}
