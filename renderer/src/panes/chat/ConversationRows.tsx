import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useMemo, useRef } from "react";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import type { ConversationHit, FoundMessage } from "../../../../shared/ipc/chat-search.ts";
import { useStableHandler } from "../../components/use-stable-handler.ts";
import { ConversationListItem } from "./ConversationListItem.tsx";
import { useProfileLabels } from "./conversation-profile.ts";

/** The date heading a conversation is listed under. */
export type Group = "today" | "yesterday" | "earlier";

/**
 * A conversation of the list (`position`: its place among them all, from 1), the first of its date
 * under that date's heading: the list's items are its conversations alone. `size`: its height.
 */
interface Row {
  readonly hit: ConversationHit;
  readonly position: number;
  readonly heading: Group | null;
  readonly profileLabel: string | null;
  readonly size: number;
}

function groupOf(updatedAt: string, startOfToday: number): Group {
  const time = Date.parse(updatedAt);
  if (time >= startOfToday) return "today";
  return time >= startOfToday - 86_400_000 ? "yesterday" : "earlier";
}

/**
 * The height of each part of a row as the list's styles fix it (conversation-list.css), in any
 * language and font: a row's height is known before it is drawn, and none is measured as the list
 * scrolls or a search's results come in.
 */
const HEIGHTS = { title: 33, profile: 20, snippet: 36, cost: 18, heading: 34 } as const;

function sizeOf({ conversation, found }: ConversationHit, heading: Group | null, profileLabel: string | null): number {
  return (
    HEIGHTS.title +
    (profileLabel === null ? 0 : HEIGHTS.profile) +
    (found ? HEIGHTS.snippet : 0) +
    (conversation.cost ? HEIGHTS.cost : 0) +
    (heading ? HEIGHTS.heading : 0)
  );
}

/** The conversations, newest first, each date's under its heading. */
function rowsOf(
  items: readonly ConversationHit[],
  profileLabelOf: (conversation: ConversationSummary) => string | null,
): Row[] {
  const now = new Date();
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const rows: Row[] = [];
  let last: Group | null = null;
  items.forEach((hit, index) => {
    const group = groupOf(hit.conversation.updatedAt, startOfToday);
    const heading = group === last ? null : group;
    const profileLabel = profileLabelOf(hit.conversation);
    rows.push({ hit, position: index + 1, heading, profileLabel, size: sizeOf(hit, heading, profileLabel) });
    last = group;
  });
  return rows;
}

interface ConversationRowsProps {
  readonly items: readonly ConversationHit[];
  readonly activeId: string | null;
  onOpen(id: string, found: FoundMessage | null): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
}

/**
 * The list grouped Today / Yesterday / Earlier, virtualised: only the rows in view (and a few
 * beyond) are drawn, so two thousand conversations open and scroll as lightly as twenty. Each
 * conversation says its place in the whole list (`aria-posinset` of `aria-setsize`).
 */
export function ConversationRows(props: ConversationRowsProps) {
  const profileLabelOf = useProfileLabels();
  const scroller = useRef<HTMLDivElement>(null);
  const { items } = props;
  const rows = useMemo(() => rowsOf(items, profileLabelOf), [items, profileLabelOf]);
  // One identity while the rows are the same: the virtualiser lays every row out again when these change.
  const estimateSize = useCallback((index: number) => rows[index]?.size ?? HEIGHTS.title, [rows]);
  const getItemKey = useCallback((index: number) => rows[index]?.hit.conversation.id ?? index, [rows]);
  // Compiled, this component would keep the virtualizer's first rows: it must stay uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    overscan: 4,
  });
  // The rows stay memoised across the list's refreshes: these keep one identity from render to render.
  const onOpen = useStableHandler(props.onOpen);
  const onRename = useStableHandler(props.onRename);
  const onDelete = useStableHandler(props.onDelete);
  return (
    <div ref={scroller} className="conversation-list__scroller">
      <ul className="conversation-list__items" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map(({ index, key, start }) => {
          const row = rows[index];
          if (!row) return null;
          const { conversation, titleMarks, found } = row.hit;
          return (
            <ConversationListItem
              key={key}
              start={start}
              size={row.size}
              position={row.position}
              setSize={items.length}
              conversation={conversation}
              titleMarks={titleMarks}
              found={found}
              heading={row.heading}
              active={conversation.id === props.activeId}
              profileLabel={row.profileLabel}
              onOpen={onOpen}
              onRename={onRename}
              onDelete={onDelete}
            />
          );
        })}
      </ul>
    </div>
  );
}
