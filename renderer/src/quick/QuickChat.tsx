import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { useAppInfo } from "../api/queries.ts";
import { api } from "../api/desktop-api.ts";
import { useMainEvents } from "../api/use-main-events.ts";
import { ActionErrorWithQuiet } from "../components/ActionError.tsx";
import { ConnectionBar } from "../layout/ConnectionBar.tsx";
import { useConversation, useSaveSettings } from "../panes/chat/chat-queries.ts";
import { liveReplyOf, useLiveReplyStatus } from "../panes/chat/chat-store.ts";
import { Composer } from "../panes/chat/Composer.tsx";
import { MessageList } from "../panes/chat/MessageList.tsx";
import { useChatActions } from "../panes/chat/use-chat-actions.ts";
import { useStartConversation } from "../panes/chat/use-start-conversation.ts";
import { QuickModelField } from "./QuickModelField.tsx";
import { useOpenInMainWindow } from "./use-open-in-main-window.ts";
import "./quick-chat.css";

/** The draft of the next quick conversation, before its first message creates it. */
const NEW_QUICK_DRAFT = "quick:new";

/**
 * The quick chat window (a global shortcut shows it over other apps; `/quick` in the web host): a
 * model, a message box and the streamed answer. Each quick conversation is a normal conversation,
 * which Open in ModelDesk continues in the main window; Esc stops a reply, or else hides the window.
 */
export function QuickChat() {
  const { t } = useTranslation();
  useMainEvents();
  const { data: info } = useAppInfo();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [model, setModel] = useState("");
  const { data } = useConversation(conversationId);
  const live = useLiveReplyStatus(conversationId);
  const { send, regenerate, edit, stop, deleteMessage, reply, attempts } = useChatActions(conversationId ?? "");
  const { start, attempt } = useStartConversation(NEW_QUICK_DRAFT, setConversationId);
  const openInMain = useOpenInMainWindow(info?.host);
  const generating = live !== null && !live.interrupted;
  const saveSettings = useSaveSettings(conversationId ?? "");
  const currentModel = data?.conversation.settings.model ?? model;
  // The reply is read when Stop or Esc is pressed: the window does not draw again with each of its deltas.
  const stopReply = useCallback(() => {
    const reply = liveReplyOf(conversationId);
    if (reply) stop(reply.streamId);
  }, [conversationId, stop]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (generating) stopReply();
      else void api.app.hideQuickChat();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [generating, stopReply]);

  const chooseModel = (code: string) => {
    setModel(code);
    if (data && code !== data.conversation.settings.model)
      saveSettings.mutate({ ...data.conversation.settings, model: code });
  };

  return (
    <main className="quick-chat" aria-label={t("quick.title")}>
      <ConnectionBar />
      <header className="quick-chat__header">
        <h1 className="quick-chat__title">{t("quick.title")}</h1>
        <div className="quick-chat__model">
          <QuickModelField key={currentModel} value={currentModel} onChange={chooseModel} />
        </div>
        <button
          type="button"
          className="button button--small"
          disabled={conversationId === null}
          onClick={() => setConversationId(null)}
        >
          {t("chat.newChat")}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={conversationId === null}
          onClick={() => conversationId && openInMain.mutate(conversationId)}
        >
          {t("quick.openInApp")}
        </button>
      </header>
      <div className="quick-chat__transcript">
        {data ? (
          <MessageList
            messages={data.messages}
            conversationId={conversationId}
            onEdit={edit}
            onRegenerate={regenerate}
            onDelete={deleteMessage}
          />
        ) : (
          <p className="empty-state">{t("quick.hint")}</p>
        )}
      </div>
      <ActionErrorWithQuiet quiet={reply} actions={[attempt, saveSettings, openInMain, ...attempts]} />
      <Composer
        draftKey={conversationId ?? NEW_QUICK_DRAFT}
        profileId={data?.conversation.settings.profileId ?? null}
        generating={generating}
        waitUntil={live && !live.interrupted ? live.waitUntil : null}
        onSend={(content, attachments) =>
          conversationId
            ? send(content, attachments)
            : start({ content, attachments, ...(currentModel ? { model: currentModel } : {}) })
        }
        onModelCommand={(code) => {
          chooseModel(code);
          return Promise.resolve(true);
        }}
        onStop={stopReply}
      />
    </main>
  );
}
