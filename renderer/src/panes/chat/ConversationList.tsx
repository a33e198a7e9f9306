import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import { costOf } from "../../components/cost-label.ts";
import { conversationTitle } from "./conversation-title.ts";
import { AssistantMenu } from "./AssistantMenu.tsx";
import { ConversationListProfile, describedBy } from "./ConversationListProfile.tsx";
import { useProfileLabels } from "./conversation-profile.ts";
import "./conversation-list.css";

interface ConversationListProps {
  readonly conversations: readonly ConversationSummary[];
  readonly activeId: string | null;
  readonly query: string;
  onQueryChange(query: string): void;
  onOpen(id: string): void;
  onCreate(): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
}

type Group = "today" | "yesterday" | "earlier";

function groupOf(updatedAt: string, now: Date): Group {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const time = Date.parse(updatedAt);
  if (time >= startOfToday) return "today";
  return time >= startOfToday - 86_400_000 ? "yesterday" : "earlier";
}

/** Ctrl/Cmd+K focuses the conversation search. */
function useSearchShortcut() {
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        searchInput.current?.focus();
      }
    };
    window.addEventListener("keydown", focusSearch);
    return () => window.removeEventListener("keydown", focusSearch);
  }, []);
  return searchInput;
}

/**
 * Newest first, grouped Today / Yesterday / Earlier; search covers titles and message text. New
 * chat starts a conversation, the menu beside it one with an assistant.
 */
export function ConversationList(props: ConversationListProps) {
  const { t } = useTranslation();
  const searchInput = useSearchShortcut();
  const profileLabelOf = useProfileLabels();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const now = new Date();
  const groups = (["today", "yesterday", "earlier"] as const)
    .map((group) => ({ group, items: props.conversations.filter((item) => groupOf(item.updatedAt, now) === group) }))
    .filter((entry) => entry.items.length > 0);

  return (
    <aside className="conversation-list" aria-label={t("chat.conversations")}>
      <div className="conversation-list__top">
        <input
          ref={searchInput}
          type="search"
          aria-label={t("chat.searchConversations")}
          placeholder={t("chat.searchConversations")}
          value={props.query}
          onChange={(event) => props.onQueryChange(event.target.value)}
        />
        <div className="new-chat-row">
          <button type="button" className="button button--primary" onClick={props.onCreate}>
            {t("chat.newChat")}
          </button>
          <AssistantMenu />
        </div>
      </div>
      {props.conversations.length === 0 && (
        <p className="empty-state">{props.query ? t("chat.noMatches") : t("chat.noConversations")}</p>
      )}
      {groups.map(({ group, items }) => (
        <section key={group} aria-label={t(`chat.group.${group}`)}>
          <h2 className="conversation-list__group">{t(`chat.group.${group}`)}</h2>
          <ul className="conversation-list__items">
            {items.map((conversation) => (
              <li key={conversation.id} className="conversation-list__item">
                {renaming === conversation.id ? (
                  <form
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (title.trim()) props.onRename(conversation.id, title.trim());
                      setRenaming(null);
                    }}
                  >
                    <input
                      aria-label={t("chat.title")}
                      value={title}
                      autoFocus
                      onChange={(event) => setTitle(event.target.value)}
                      onBlur={() => setRenaming(null)}
                      onKeyDown={(event) => {
                        if (event.key === "Escape") setRenaming(null);
                      }}
                    />
                  </form>
                ) : (
                  <>
                    <button
                      type="button"
                      className="conversation-list__open"
                      aria-current={conversation.id === props.activeId ? "true" : undefined}
                      aria-describedby={describedBy(conversation, profileLabelOf(conversation))}
                      onClick={() => props.onOpen(conversation.id)}
                    >
                      <span className="conversation-list__title">{conversationTitle(conversation.title, t)}</span>
                      <ConversationListProfile conversation={conversation} label={profileLabelOf(conversation)} />
                      {conversation.excerpt && (
                        <span className="conversation-list__excerpt">{conversation.excerpt}</span>
                      )}
                      {conversation.cost && (
                        // Read as the button's description, not its name: the name stays the conversation's title.
                        <span
                          id={`conversation-cost-${conversation.id}`}
                          aria-hidden="true"
                          className="conversation-list__excerpt"
                          data-testid="conversation-list-cost"
                        >
                          {costOf(conversation.cost, { free: t("cost.free"), unknown: t("cost.unknown") })}
                        </span>
                      )}
                    </button>
                    <div className="conversation-list__actions">
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`${t("chat.rename")}: ${conversationTitle(conversation.title, t)}`}
                        onClick={() => {
                          setTitle(conversation.title ?? "");
                          setRenaming(conversation.id);
                        }}
                      >
                        ✎
                      </button>
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`${t("chat.delete")}: ${conversationTitle(conversation.title, t)}`}
                        onClick={() => props.onDelete(conversation.id)}
                      >
                        ×
                      </button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
