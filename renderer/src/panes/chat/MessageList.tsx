import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import { useNow } from "../../components/use-now.ts";
import type { LiveReply } from "./chat-store.ts";
import { AssistantMessage, LiveAssistantMessage, UserMessage } from "./MessageItem.tsx";
import "./messages.css";

interface MessageListProps {
  readonly messages: readonly ChatMessage[];
  readonly live: LiveReply | null;
  onEdit(messageId: string, content: string): void;
  /** Regenerates a reply: the new one becomes another version beside it. */
  onRegenerate(messageId: string): void;
  onDelete(messageId: string): void;
}

/** Pixels from the bottom within which the list keeps following new text. */
const FOLLOW_THRESHOLD = 80;

/** The transcript, virtualised so long conversations stay smooth; it follows the stream while at the bottom. */
export function MessageList({ messages: stored, live, onEdit, onRegenerate, onDelete }: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const now = useNow(live?.notice?.retrying ? 500 : 60_000);
  // The reply streaming here is written ahead in main: show it once, live.
  const liveId = live?.assistantMessageId;
  const messages = useMemo(
    () => (liveId ? stored.filter((message) => message.id !== liveId) : stored),
    [stored, liveId],
  );
  const rows = live ? messages.length + 1 : messages.length;
  // Compiled, this component would keep the virtualizer's first rows: it must stay uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => 160,
    overscan: 6,
  });
  useEffect(() => {
    if (following.current && rows > 0) virtualizer.scrollToIndex(rows - 1, { align: "end" });
  }, [rows, live?.text, virtualizer]);

  if (rows === 0) return <p className="empty-state chat-empty">{t("chat.empty")}</p>;

  return (
    <div
      ref={scroller}
      className="message-list"
      role="log"
      aria-label={t("chat.transcript")}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD;
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index];
          return (
            <div
              key={message?.id ?? "live"}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="message-list__row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {!message ? (
                live && <LiveAssistantMessage reply={live} now={now} />
              ) : message.role === "user" ? (
                <UserMessage message={message} busy={live !== null} onEdit={onEdit} onDelete={onDelete} />
              ) : (
                <AssistantMessage
                  message={message}
                  isLast={item.index === messages.length - 1}
                  busy={live !== null}
                  onRegenerate={onRegenerate}
                  onDelete={onDelete}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
