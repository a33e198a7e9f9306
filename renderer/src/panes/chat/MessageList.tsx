import { observeElementOffset, useVirtualizer } from "@tanstack/react-virtual";
import { memo, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import type { Comparison } from "../../../../shared/ipc/compare.ts";
import { useNow } from "../../components/use-now.ts";
import { useStableHandler } from "../../components/use-stable-handler.ts";
import { useLiveReply, useLiveTurn } from "./chat-store.ts";
import { AssistantMessage, LiveAssistantMessage, UserMessage } from "./MessageItem.tsx";
import { ComparisonBlock } from "./ComparisonBlock.tsx";
import { messagesBesideLive, transcriptItems } from "./transcript-items.ts";
import { TranscriptBusy } from "./transcript-busy.ts";
import { useFoundRow } from "./use-found-message.ts";
import "./messages.css";

interface MessageListProps {
  readonly messages: readonly ChatMessage[];
  /** Whose live reply streams at the end: the list follows it by itself, so nothing around it draws again with each delta. */
  readonly conversationId: string | null;
  /** The conversation's comparisons, with what their answers can do (quick chat shows none). */
  readonly compare?: {
    readonly comparisons: readonly Comparison[];
    /** Grows while a comparison's answers stream, so the list keeps following them. */
    readonly streamedLength: number;
    onContinue(messageId: string): void;
    onRegenerate(comparison: Comparison): void;
    onStop(streamId: string): void;
    onStopAll(): void;
  };
  onEdit(messageId: string, content: string): void;
  /** Regenerates a reply: the new one becomes another version beside it. */
  onRegenerate(messageId: string): void;
  onDelete(messageId: string): void;
}

const NO_COMPARISONS: readonly Comparison[] = [];

const failedOrCut = (message: ChatMessage): boolean => message.status === "interrupted" || message.status === "error";

const leaveToTheFollow = () => false;

/** Pixels from the bottom within which the list keeps following new text. */
const FOLLOW_THRESHOLD = 80;

/**
 * The transcript, virtualised so long conversations stay smooth; it follows the stream while the user
 * stays where it goes on. Memoised: the conversation's other changes (the draft, an action's state) do
 * not draw it again.
 */
export const MessageList = memo(function MessageList(props: MessageListProps) {
  const { messages: stored, conversationId, compare, onEdit, onRegenerate, onDelete } = props;
  const live = useLiveTurn(conversationId);
  const comparisons = compare?.comparisons ?? NO_COMPARISONS;
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const liveId = live?.assistantMessageId;
  const liveQuestion = live?.question;
  // The turn being answered is drawn after the list rather than in it: Send and each delta then change
  // no row of the virtualizer, so nothing is measured or placed again before the reply's first words.
  const { listed, typed } = useMemo(() => {
    const shown = messagesBesideLive(stored, liveId ? { assistantMessageId: liveId, question: liveQuestion } : null);
    const asTyped = liveQuestion && shown.at(-1) === liveQuestion.typed ? liveQuestion.typed : null;
    return { listed: asTyped ? shown.slice(0, -1) : shown, typed: asTyped };
  }, [stored, liveId, liveQuestion]);
  const items = useMemo(() => transcriptItems(listed, comparisons), [listed, comparisons]);
  const rows = live ? items.length + 1 : items.length;
  // Answers side by side scroll inside their columns: the list follows where they start, with Stop all and each Stop.
  const last = items.at(-1);
  const followAt = !live && last?.kind === "comparison" ? "start" : "end";
  // What the transcript answers now: a new turn (a message sent, a reply regenerated, a comparison asked) is followed.
  const turn = live ? "live" : last?.kind === "comparison" ? last.key : null;
  // Where following last put the list: a scroll away from there counts before its scroll event arrives.
  const followedTo = useRef<number | null>(null);
  // Compiled, this component would keep the virtualizer's first rows: it must stay uncompiled.
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 160,
    overscan: 6,
    // Following the stream is not the user scrolling: told so, the virtualizer draws the list again only
    // when its rows change, not at Send and with each delta.
    observeElementOffset: (instance, report) =>
      observeElementOffset(instance, (offset, isScrolling) =>
        report(offset, isScrolling && offset !== followedTo.current),
      ),
  });
  const totalSize = virtualizer.getTotalSize();
  // While the list follows, the follow puts it in place after a row is measured: the virtualizer's own
  // correction would move it too, from an offset whose scroll event it may not have had yet.
  const setFollowing = (on: boolean) => {
    following.current = on;
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = on ? leaveToTheFollow : undefined;
  };
  useLayoutEffect(() => {
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = leaveToTheFollow;
  }, [virtualizer]);
  // Pointing at the comparison being followed, or moving the focus into it, is the user taking over:
  // its columns' Stop buttons, a stacked one included, must not move away. The pointer must move: the
  // comparison scrolled in under a pointer left where it was is not pointed at.
  const stopFollowing = { onPointerMove: () => setFollowing(false), onFocus: () => setFollowing(false) };
  const followNow = useStableHandler(() => {
    const element = scroller.current;
    if (!element) return;
    // The scroll event comes with the next frame: a delta drawn before it must not take the user back.
    // Rows that join the list at their estimated height can shorten it for a moment: that clamp is not a scroll.
    const leftAt =
      followedTo.current === null ? null : Math.min(followedTo.current, element.scrollHeight - element.clientHeight);
    const moved =
      leftAt !== null &&
      (followAt === "end"
        ? element.scrollTop < leftAt - FOLLOW_THRESHOLD
        : Math.abs(element.scrollTop - leftAt) > FOLLOW_THRESHOLD);
    if (moved) setFollowing(false);
    if (!following.current || rows === 0) return;
    element.scrollTop =
      followAt === "start"
        ? (virtualizer.getOffsetForIndex(items.length - 1, "start")?.[0] ?? 0)
        : element.scrollHeight;
    followedTo.current = element.scrollTop;
  });
  const followNewTurn = useStableHandler(() => {
    followedTo.current = null;
    setFollowing(true);
  });
  useLayoutEffect(() => {
    if (turn !== null) followNewTurn();
  }, [turn, followNewTurn]);
  // When rows change, before paint: a row measured in a frame's layout would otherwise be drawn once above the bottom.
  useLayoutEffect(followNow, [rows, items.length, followAt, compare?.streamedLength, totalSize, followNow]);
  // A delta is drawn outside any frame: following it in the next frame, before its paint, lays the list out
  // once per frame there rather than once per delta here.
  const followFrame = useRef<number | null>(null);
  const followInNextFrame = useStableHandler(() => {
    if (followFrame.current !== null) return;
    followFrame.current = requestAnimationFrame(() => {
      followFrame.current = null;
      followNow();
    });
  });
  useLayoutEffect(() => () => cancelAnimationFrame(followFrame.current ?? 0), []);
  // After the follow: a message chosen in the search results is where the list opens.
  const leaveTheEnd = useStableHandler(() => setFollowing(false));
  const found = useFoundRow(conversationId, items, virtualizer, leaveTheEnd);

  if (rows === 0) return <p className="empty-state chat-empty">{t("chat.empty")}</p>;

  return (
    <div
      ref={scroller}
      className="message-list"
      role="log"
      aria-label={t("chat.transcript")}
      onScroll={(event) => {
        const element = event.currentTarget;
        // Where following put the list, or where the browser clamped it there: not the user's scroll.
        if (element.scrollTop === followedTo.current) return;
        // Text that grows or reflows under a followed list can move it down (the browser anchors what is in view):
        // only a move up leaves the end.
        const movedDown = followedTo.current !== null && element.scrollTop > followedTo.current;
        if (followAt === "end" && following.current && movedDown) return;
        const fromEnd =
          followAt === "end"
            ? element.scrollHeight - element.scrollTop - element.clientHeight
            : Math.abs((virtualizer.getOffsetForIndex(items.length - 1, "start")?.[0] ?? 0) - element.scrollTop);
        setFollowing(fromEnd < FOLLOW_THRESHOLD);
      }}
    >
      <TranscriptBusy value={live !== null}>
        <div style={{ height: totalSize, position: "relative" }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = items[item.index];
            const message = entry?.kind === "message" ? entry.message : undefined;
            const content =
              entry?.kind === "comparison" && compare ? (
                <ComparisonBlock
                  conversationId={conversationId ?? ""}
                  comparison={entry.comparison}
                  onContinue={compare.onContinue}
                  onRegenerate={compare.onRegenerate}
                  onStop={compare.onStop}
                  onStopAll={compare.onStopAll}
                />
              ) : message?.role === "user" ? (
                <UserMessage message={message} onEdit={onEdit} onDelete={onDelete} />
              ) : message ? (
                <AssistantMessage
                  message={message}
                  offersRetry={item.index === items.length - 1 && !typed && failedOrCut(message)}
                  onRegenerate={onRegenerate}
                  onDelete={onDelete}
                />
              ) : null;
            return (
              <div
                key={entry?.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="message-list__row"
                style={{ transform: `translateY(${item.start}px)` }}
                {...(followAt === "start" && item.index === items.length - 1 ? stopFollowing : {})}
              >
                {item.index === found.index ? (
                  <div ref={found.focusOnce} tabIndex={-1} className="message-list__found" data-testid="found-message">
                    {content}
                  </div>
                ) : (
                  content
                )}
              </div>
            );
          })}
        </div>
        {live && (
          <>
            {typed && (
              <div className="message-list__turn">
                <UserMessage message={typed} onEdit={onEdit} onDelete={onDelete} />
              </div>
            )}
            <LiveTurn conversationId={conversationId} onDrawn={followInNextFrame} />
          </>
        )}
      </TranscriptBusy>
    </div>
  );
});

/** The reply streaming at the end of the transcript: it alone draws again with each delta, and has the list follow it. */
const LiveTurn = memo(function LiveTurn({
  conversationId,
  onDrawn,
}: {
  conversationId: string | null;
  onDrawn(): void;
}) {
  const reply = useLiveReply(conversationId);
  const now = useNow(reply?.notice?.retrying ? 500 : 60_000);
  useLayoutEffect(() => {
    if (reply) onDrawn();
  }, [reply, onDrawn]);
  if (!reply) return null;
  return (
    <div className="message-list__turn">
      <LiveAssistantMessage reply={reply} now={now} />
    </div>
  );
});
