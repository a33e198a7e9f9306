import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import { errorDetail, succeeded } from "../../api/api-error.ts";
import { ActionError, ActionErrorWithQuiet } from "../../components/ActionError.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import type { FoundMessage } from "../../../../shared/ipc/chat-search.ts";
import { useConversation, useConversations, useSaveSettings } from "./chat-queries.ts";
import { useFoundMessageStore } from "./found-message.ts";
import { useFoundVersion } from "./use-found-message.ts";
import { FIRST_MESSAGE_DRAFT, liveReplyOf, useChatStore } from "./chat-store.ts";
import { useFirstMessageModel } from "./use-first-message-model.ts";
import { Composer } from "./Composer.tsx";
import { ConversationComposer } from "./ConversationComposer.tsx";
import { useLayoutStore } from "../../state/layout-store.ts";
import { ConversationHeader } from "./ConversationHeader.tsx";
import { FirstMessageModelField } from "./FirstMessageModelField.tsx";
import { ConversationList } from "./ConversationList.tsx";
import { MessageList } from "./MessageList.tsx";
import { useChatActions } from "./use-chat-actions.ts";
import { useConversationCompare } from "./use-conversation-compare.ts";
import { ComparePicks } from "./ComparePicks.tsx";
import { ChooseAnswerNote } from "./ChooseAnswerNote.tsx";
import { useConversationActions } from "./use-conversation-actions.ts";
import { useLatestNewChat, useNewChat, useNewChatPending } from "./use-new-chat.ts";
import { useStartConversation } from "./use-start-conversation.ts";
import { useSendSpendCheck } from "./use-send-spend-check.tsx";
import { useProfileGuard } from "./use-profile-guard.ts";
import { ProfileGoneNotice } from "./ProfileGoneNotice.tsx";
import { conversationTitle } from "./conversation-title.ts";
import { useStableHandler } from "../../components/use-stable-handler.ts";
import "./chat.css";

/** One empty list for every render while conversations load, so what depends on it stays put. */
const NO_CONVERSATIONS: readonly ConversationSummary[] = [];

/**
 * No conversation yet: the model and the message box are already there, and the first message
 * creates the conversation (with the model chosen here or with `/model name`).
 */
function FirstMessageView({ onStarted }: { onStarted(conversationId: string): void }) {
  const { t } = useTranslation();
  const { start, attempt } = useStartConversation(FIRST_MESSAGE_DRAFT, onStarted);
  // Chosen here or with `/model name` before the conversation exists: it starts with that model.
  const { code: model, choose: chooseModel } = useFirstMessageModel();
  // While a conversation is being started, what is chosen here could be left behind by it.
  const starting = useNewChatPending() || attempt.isPending;
  return (
    <section className="conversation" aria-label={t("chat.newChat")}>
      <header className="first-message__header">
        <FirstMessageModelField disabled={starting} />
      </header>
      <p className="empty-state chat-empty">{t("chat.startHint")}</p>
      <ActionError actions={[attempt]} />
      <Composer
        draftKey={FIRST_MESSAGE_DRAFT}
        generating={attempt.isPending}
        waitUntil={null}
        autoFocus
        onSend={(content, attachments) => start({ content, attachments, ...(model ? { model } : {}) })}
        onModelCommand={(code) => {
          chooseModel(code);
          return Promise.resolve(true);
        }}
        onStop={() => {}}
      />
    </section>
  );
}

function ConversationView({
  conversationId,
  recentModels,
}: {
  conversationId: string;
  recentModels: readonly string[];
}) {
  const { t } = useTranslation();
  const { data, error } = useConversation(conversationId);
  const { send, regenerate, edit, stop, deleteMessage, reply, attempts } = useChatActions(conversationId);
  const saveSettings = useSaveSettings(conversationId);
  const compare = useConversationCompare(conversationId, data?.messages);
  useFoundVersion(conversationId, data?.messages, compare.transcript.comparisons);
  const spend = useSendSpendCheck({
    draftKey: conversationId,
    settings: data?.conversation.settings,
    messages: data?.messages,
  });

  const { stopAll } = compare;
  // The reply is read when Stop is pressed: the controls do not draw again with each of its deltas.
  const stopReplyOrComparison = useCallback(() => {
    const reply = liveReplyOf(conversationId);
    if (reply) stop(reply.streamId);
    else stopAll();
  }, [conversationId, stop, stopAll]);
  const settings = data?.conversation.settings;
  const { unchosen, continueWith } = compare;
  // Kept while the comparison waits: the message box (memoised) does not draw again with each answer's delta.
  const choiceNote = useMemo(
    () => unchosen && <ChooseAnswerNote comparison={unchosen} onContinue={continueWith} />,
    [unchosen, continueWith],
  );
  const profile = useProfileGuard(settings?.profileId ?? null);
  const sendOrCompare = useStableHandler(
    profile.guard(compare.picks ? compare.send : spend.guard(send), Promise.resolve(false)),
  );
  const changeModel = useStableHandler((model: string) => {
    // Until the settings are read, the command stays in the box to be sent again.
    if (!settings) return Promise.resolve(false);
    if (settings.model === model) return Promise.resolve(true);
    return succeeded(saveSettings.mutateAsync({ ...settings, model }));
  });

  if (error) return <ErrorNotice error={{ ...errorDetail(error), code: "CONVERSATION_UNAVAILABLE" }} />;
  // The message box is there while the conversation loads: what is typed meanwhile is neither lost nor held back.
  return (
    <section className="conversation" aria-label={conversationTitle(data?.conversation.title ?? null, t)}>
      {data ? (
        <>
          <ConversationHeader
            key={data.conversation.id}
            conversation={data.conversation}
            totalCost={data.totalCost}
            recentModels={recentModels}
          />
          <MessageList
            messages={data.messages}
            conversationId={conversationId}
            onEdit={profile.guard(edit, undefined)}
            onRegenerate={profile.guard(regenerate, undefined)}
            onDelete={deleteMessage}
            compare={compare.transcript}
          />
          <ActionErrorWithQuiet quiet={reply} actions={[...attempts, ...compare.attempts, saveSettings]} />
          {profile.deleted && (
            <ProfileGoneNotice
              conversationId={conversationId}
              settings={data.conversation.settings}
              blocked={profile.blocked}
            />
          )}
          {spend.dialog}
          {compare.picks && (
            <ComparePicks conversationId={conversationId} picks={compare.picks} recentModels={recentModels} />
          )}
        </>
      ) : (
        <div className="conversation__loading" aria-busy="true" />
      )}
      <ConversationComposer
        conversationId={conversationId}
        profileId={settings?.profileId ?? null}
        comparing={compare.comparing}
        estimate={spend.estimate}
        textOnly={compare.picks !== null}
        held={choiceNote}
        onSend={sendOrCompare}
        onModelCommand={changeModel}
        onStop={stopReplyOrComparison}
      />
    </section>
  );
}

export function ChatPane() {
  const { t } = useTranslation();
  const { data: allConversations = NO_CONVERSATIONS } = useConversations();
  const activeId = useChatStore((state) => state.activeConversationId);
  const conversationOpened = useChatStore((state) => state.conversationOpened);
  const foundChosen = useFoundMessageStore((state) => state.chosen);
  // A result found by a message's text opens the conversation on that message.
  const open = useStableHandler((id: string, found: FoundMessage | null) => {
    foundChosen(found && { conversationId: id, messageId: found.messageId });
    conversationOpened(id);
  });
  const newChat = useNewChat();
  const latestNewChat = useLatestNewChat();
  const { deleted, rename, remove, undo, attempts } = useConversationActions(allConversations);
  const listHidden = useLayoutStore((state) => state.conversationsHidden);
  const hideList = useLayoutStore((state) => state.conversationsHiddenChanged);

  const recentModels = useMemo(
    () => [...new Set(allConversations.map((item) => item.settings.model))],
    [allConversations],
  );

  useEffect(() => {
    // The list may still hold the conversation just deleted (until it refreshes): never reopen that one.
    const first = allConversations.find((conversation) => conversation.id !== deleted?.id);
    if (activeId === null && first) conversationOpened(first.id);
  }, [activeId, allConversations, conversationOpened, deleted]);

  return (
    <div className={listHidden ? "chat-pane chat-pane--list-hidden" : "chat-pane"}>
      <h1 className="visually-hidden">{t("nav.chat")}</h1>
      {!listHidden && (
        <ConversationList
          conversations={allConversations}
          activeId={activeId}
          onOpen={open}
          onCreate={() => newChat.mutate()}
          onRename={rename}
          onDelete={remove}
        />
      )}
      <div className="chat-pane__fold">
        <button
          type="button"
          className="chat-pane__fold-button"
          aria-expanded={!listHidden}
          aria-label={listHidden ? t("layout.showConversations") : t("layout.hideConversations")}
          title={listHidden ? t("layout.showConversations") : t("layout.hideConversations")}
          onClick={() => hideList(!listHidden)}
        >
          <span aria-hidden="true">{listHidden ? "»" : "«"}</span>
        </button>
      </div>
      <div className="chat-pane__main">
        <ActionError actions={[latestNewChat, ...attempts]} />
        {deleted && (
          <div className="undo-bar" role="status">
            {t("chat.deleted", { title: conversationTitle(deleted.title, t) })}
            <button type="button" className="button button--small" onClick={undo}>
              {t("chat.undo")}
            </button>
          </div>
        )}
        {activeId ? (
          <ConversationView key={activeId} conversationId={activeId} recentModels={recentModels} />
        ) : (
          <FirstMessageView onStarted={conversationOpened} />
        )}
      </div>
    </div>
  );
}
