import { useContext } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { TranscriptBusy } from "./transcript-busy.ts";

/** `‹ 2 / 3 ›` on a message with several versions: shows another, and the conversation continues from it. */
export function VersionSwitch({
  message,
  versions,
}: {
  message: ChatMessage;
  versions: NonNullable<ChatMessage["versions"]>;
}) {
  const { t } = useTranslation();
  const busy = useContext(TranscriptBusy);
  const invalidate = useInvalidateChat();
  const show = useMutation({
    mutationFn: (messageId: string) =>
      unwrap(api.chat.showVersion({ conversationId: message.conversationId, messageId })),
    onSuccess: () => invalidate(message.conversationId),
  });
  const { ids, index } = versions;
  const go = (step: number) => {
    const id = ids[index + step];
    if (id) show.mutate(id);
  };
  return (
    <span
      className="version-switch"
      role="group"
      aria-label={t("conversation.versionOf", { index: index + 1, count: ids.length })}
    >
      <button
        type="button"
        className="button button--small"
        aria-label={t("conversation.previousVersion")}
        disabled={busy || show.isPending || index === 0}
        onClick={() => go(-1)}
      >
        ‹
      </button>{" "}
      <span className="version-switch__count" data-testid="version">
        {index + 1} / {ids.length}
      </span>{" "}
      <button
        type="button"
        className="button button--small"
        aria-label={t("conversation.nextVersion")}
        disabled={busy || show.isPending || index === ids.length - 1}
        onClick={() => go(1)}
      >
        ›
      </button>
    </span>
  );
}
