import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import { SEARCH_RESULTS_MAX, type ConversationHit, type FoundMessage } from "../../../../shared/ipc/chat-search.ts";
import { AssistantMenu } from "./AssistantMenu.tsx";
import { ConversationRows } from "./ConversationRows.tsx";
import { useConversationSearch } from "./chat-queries.ts";
import "./conversation-list.css";

interface ConversationListProps {
  readonly conversations: readonly ConversationSummary[];
  readonly activeId: string | null;
  /** `found`: the message a search found it by, which it opens on. */
  onOpen(id: string, found: FoundMessage | null): void;
  onCreate(): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
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
 * Newest first, grouped Today / Yesterday / Earlier; search covers titles and message text, each
 * conversation found by its text showing the words around the match. New chat starts a
 * conversation, the menu beside it one with an assistant.
 */
export function ConversationList(props: ConversationListProps) {
  const { t } = useTranslation();
  const searchInput = useSearchShortcut();
  // Held here, not by the pane: typing draws the list again, not the conversation beside it.
  const [query, setQuery] = useState("");
  const searched = query.trim();
  const { data: search } = useConversationSearch(searched);
  const every = useMemo(
    () => props.conversations.map((conversation): ConversationHit => ({ conversation, titleMarks: [], found: null })),
    [props.conversations],
  );
  const results = searched ? search : undefined;
  const items = results?.hits ?? every;
  return (
    <aside className="conversation-list" aria-label={t("chat.conversations")}>
      <div className="conversation-list__top">
        <input
          ref={searchInput}
          type="search"
          aria-label={t("chat.searchConversations")}
          placeholder={t("chat.searchConversations")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <div className="new-chat-row">
          <button type="button" className="button button--primary" onClick={props.onCreate}>
            {t("chat.newChat")}
          </button>
          <AssistantMenu />
        </div>
      </div>
      {items.length === 0 ? (
        <p className="empty-state">{results ? t("chat.noMatches") : t("chat.noConversations")}</p>
      ) : (
        results && (
          <p className="conversation-list__found" role="status">
            {results.more
              ? t("conversation.searchMore", { count: SEARCH_RESULTS_MAX })
              : t("conversation.searchFound", { count: results.hits.length })}
          </p>
        )
      )}
      {/* A search's results are a list of their own, shown from their top; each keystroke's are not. */}
      <ConversationRows
        key={results ? "found" : "all"}
        items={items}
        activeId={props.activeId}
        onOpen={props.onOpen}
        onRename={props.onRename}
        onDelete={props.onDelete}
      />
    </aside>
  );
}
