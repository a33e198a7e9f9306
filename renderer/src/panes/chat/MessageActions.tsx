import { useTranslation } from "../../i18n/use-translation.ts";
import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import { ConfirmButton } from "../../components/ConfirmButton.tsx";
import { CopyButton } from "../../components/CopyButton.tsx";
import { VersionSwitch } from "./VersionSwitch.tsx";
import { TranscriptBusy } from "./transcript-busy.ts";

interface MessageActionsProps {
  readonly message: ChatMessage;
  onDelete(messageId: string): void;
}

/** The versions, Copy and Delete, on every message. */
export function MessageActions({ message, onDelete }: MessageActionsProps) {
  const { t } = useTranslation();
  // Worded once per message: the Consumer runs again for every message whenever a reply starts or ends.
  const remove = {
    label: t("chat.delete"),
    accessibleName: t("chat.deleteMessage"),
    className: "button button--small",
    title: t("chat.deleteMessageTitle"),
    message: t("chat.deleteMessageBody"),
    confirmLabel: t("chat.deleteMessage"),
    cancelLabel: t("settings.cancel"),
    onConfirm: () => onDelete(message.id),
  };
  return (
    <>
      {message.versions && <VersionSwitch message={message} versions={message.versions} />}
      <CopyButton text={message.content} label={t("chat.copyMessage")} />
      <TranscriptBusy.Consumer>{(busy) => <ConfirmButton {...remove} disabled={busy} />}</TranscriptBusy.Consumer>
    </>
  );
}
