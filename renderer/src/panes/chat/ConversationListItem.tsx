import { memo, useState } from "react";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import type { FoundMessage, TextRange } from "../../../../shared/ipc/chat-search.ts";
import { costOf } from "../../components/cost-label.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { conversationTitle } from "./conversation-title.ts";
import { ConversationListProfile, describedBy } from "./ConversationListProfile.tsx";
import { MarkedText } from "./MarkedText.tsx";
import type { Group } from "./ConversationRows.tsx";

interface ConversationListItemProps {
  /** The row's place in the virtualised list, and its height (the heights its parts are drawn at). */
  readonly start: number;
  readonly size: number;
  /** Its place among all the conversations listed, from 1, and how many there are. */
  readonly position: number;
  readonly setSize: number;
  readonly conversation: ConversationSummary;
  /** Where a search matched its title. */
  readonly titleMarks: readonly TextRange[];
  /** The message a search found in it, with the words around the match. */
  readonly found: FoundMessage | null;
  readonly active: boolean;
  /** The date heading above the first conversation of its day (Today, Yesterday, Earlier). */
  readonly heading: Group | null;
  readonly profileLabel: string | null;
  onOpen(id: string, found: FoundMessage | null): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
}

/** One conversation of the list, memoised: the list scrolls and refreshes without drawing the others again. */
export const ConversationListItem = memo(function ConversationListItem(props: ConversationListItemProps) {
  const { conversation, found, profileLabel } = props;
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState("");
  const shownTitle = conversationTitle(conversation.title, t);
  const row = {
    className: "conversation-list__row",
    style: { transform: `translateY(${props.start}px)`, height: props.size },
    "aria-posinset": props.position,
    "aria-setsize": props.setSize,
  };
  const heading = props.heading && <h2 className="conversation-list__group">{t(`chat.group.${props.heading}`)}</h2>;
  if (renaming) {
    return (
      <li {...row}>
        {heading}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (title.trim()) props.onRename(conversation.id, title.trim());
            setRenaming(false);
          }}
        >
          <input
            aria-label={t("chat.title")}
            value={title}
            autoFocus
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => setRenaming(false)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setRenaming(false);
            }}
          />
        </form>
      </li>
    );
  }
  return (
    <li {...row}>
      {heading}
      <div className="conversation-list__item">
        <button
          type="button"
          className="conversation-list__open"
          aria-current={props.active ? "true" : undefined}
          aria-describedby={describedBy(conversation, profileLabel)}
          onClick={() => props.onOpen(conversation.id, found)}
        >
          <span className="conversation-list__title">
            <MarkedText text={shownTitle} marks={props.titleMarks} />
          </span>
          <ConversationListProfile conversation={conversation} label={profileLabel} />
          {found && (
            <span className="conversation-list__snippet" data-testid="conversation-list-snippet">
              <MarkedText text={found.snippet} marks={found.marks} />
            </span>
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
            aria-label={`${t("chat.rename")}: ${shownTitle}`}
            onClick={() => {
              setTitle(conversation.title ?? "");
              setRenaming(true);
            }}
          >
            ✎
          </button>
          <button
            type="button"
            className="button button--small"
            aria-label={`${t("chat.delete")}: ${shownTitle}`}
            onClick={() => props.onDelete(conversation.id)}
          >
            ×
          </button>
        </div>
      </div>
    </li>
  );
});
