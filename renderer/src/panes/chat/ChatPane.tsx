import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/desktop-api.ts";
import { unwrap } from "../../api/api-error.ts";
import { useModelSuggestions } from "../../api/capability-queries.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { useConversation, useConversations, useInvalidateChat } from "./chat-queries.ts";
import { useChatStore, useLiveReply } from "./chat-store.ts";
import { Composer } from "./Composer.tsx";
import { ConversationHeader } from "./ConversationHeader.tsx";
import { ConversationList } from "./ConversationList.tsx";
import { MessageList } from "./MessageList.tsx";
import { useChatActions } from "./use-chat-actions.ts";
import { useNewChat } from "./use-new-chat.ts";

const UNDO_MS = 8000;

function ConversationView({
  conversationId,
  modelSuggestions,
}: {
  conversationId: string;
  modelSuggestions: string[];
}) {
  const { data, error } = useConversation(conversationId);
  const live = useLiveReply(conversationId);
  const actions = useChatActions(conversationId);

  useEffect(() => {
    if (!live) return;
    const stopOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") void actions.stop(live.streamId);
    };
    window.addEventListener("keydown", stopOnEscape);
    return () => window.removeEventListener("keydown", stopOnEscape);
  }, [live, actions]);

  if (error) return <ErrorNotice error={{ code: "CONVERSATION_UNAVAILABLE", message: error.message }} />;
  if (!data) return <div className="skeleton" aria-busy="true" />;
  return (
    <section className="conversation" aria-label={data.conversation.title}>
      <ConversationHeader
        key={data.conversation.id}
        conversation={data.conversation}
        modelSuggestions={modelSuggestions}
      />
      <MessageList
        messages={data.messages}
        live={live}
        onEdit={(messageId, content) => void actions.edit(messageId, content)}
        onRegenerate={() => void actions.regenerate()}
      />
      {actions.error && <ErrorNotice error={actions.error} />}
      <Composer
        conversationId={conversationId}
        generating={live !== null && !live.interrupted}
        waitUntil={live && !live.interrupted ? live.waitUntil : null}
        onSend={actions.send}
        onStop={() => live && void actions.stop(live.streamId)}
      />
    </section>
  );
}

export function ChatPane() {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const { data: conversations = [] } = useConversations(query);
  const { data: allConversations = [] } = useConversations("");
  const activeId = useChatStore((state) => state.activeConversationId);
  const conversationOpened = useChatStore((state) => state.conversationOpened);
  const invalidate = useInvalidateChat();
  const searchInput = useRef<HTMLInputElement>(null);
  const [deleted, setDeleted] = useState<{ id: string; title: string } | null>(null);

  const { suggestions: serverModels } = useModelSuggestions("chat");
  const modelSuggestions = useMemo(
    () => [...new Set([...serverModels, ...allConversations.map((item) => item.settings.model)])],
    [serverModels, allConversations],
  );

  const create = useNewChat();

  useEffect(() => {
    if (activeId === null && allConversations.length > 0) conversationOpened(allConversations[0]!.id);
  }, [activeId, allConversations, conversationOpened]);

  useEffect(() => {
    const shortcuts = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      if (event.key.toLowerCase() === "k") {
        event.preventDefault();
        searchInput.current?.focus();
      }
    };
    window.addEventListener("keydown", shortcuts);
    return () => window.removeEventListener("keydown", shortcuts);
  });

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  const remove = async (id: string) => {
    const title = allConversations.find((item) => item.id === id)?.title ?? "";
    await unwrap(api.chat.remove({ conversationId: id }));
    if (activeId === id) conversationOpened(null);
    setDeleted({ id, title });
    await invalidate();
  };

  const undo = async () => {
    if (!deleted) return;
    await unwrap(api.chat.restore({ conversationId: deleted.id }));
    conversationOpened(deleted.id);
    setDeleted(null);
    await invalidate();
  };

  return (
    <div className="chat-pane">
      <h1 className="visually-hidden">{t("nav.chat")}</h1>
      <ConversationList
        conversations={conversations}
        activeId={activeId}
        query={query}
        searchInput={searchInput}
        onQueryChange={setQuery}
        onOpen={conversationOpened}
        onCreate={() => void create()}
        onRename={(id, title) => void api.chat.rename({ conversationId: id, title }).then(() => invalidate(id))}
        onDelete={(id) => void remove(id)}
      />
      <div className="chat-pane__main">
        {deleted && (
          <div className="undo-bar" role="status">
            {t("chat.deleted", { title: deleted.title })}
            <button type="button" className="button button--small" onClick={() => void undo()}>
              {t("chat.undo")}
            </button>
          </div>
        )}
        {activeId ? (
          <ConversationView key={activeId} conversationId={activeId} modelSuggestions={modelSuggestions} />
        ) : (
          <div className="chat-welcome">
            <p className="empty-state">{t("chat.noConversations")}</p>
            <button type="button" className="button button--primary" onClick={() => void create()}>
              {t("chat.newChat")}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
