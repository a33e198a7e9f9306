import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef } from "react";
import type { ConversationHit, FoundMessage } from "../../../../shared/ipc/chat-search.ts";
import { useStableHandler } from "../../components/use-stable-handler.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ConversationListItem } from "./ConversationListItem.tsx";
import { useProfileLabels } from "./conversation-profile.ts";

type Group = "today" | "yesterday" | "earlier";

/**
 * A conversation of the list (`position`: its place among them all, from 1), the first of its date
 * under that date's heading: the list's items are its conversations alone.
 */
interface Row {
  readonly hit: ConversationHit;
  readonly position: number;
  readonly heading: Group | null;
}

function groupOf(updatedAt: string, startOfToday: number): Group {
  const time = Date.parse(updatedAt);
  if (time >= startOfToday) return "today";
  return time >= startOfToday - 86_400_000 ? "yesterday" : "earlier";
}

/** A row's height as the list's styles draw it in English, before it is measured: fewer rows move once it is. */
function sizeOf(row: Row | undefined): number {
  return (row?.hit.found ? 107 : 71) + (row?.heading ? 34 : 0);
}

/** The conversations, newest first, each date's under its heading. */
function rowsOf(items: readonly ConversationHit[]): Row[] {
  const now = new Date();
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const rows: Row[] = [];
  let last: Group | null = null;
  items.forEach((hit, index) => {
    const group = groupOf(hit.conversation.updatedAt, startOfToday);
    rows.push({ hit, position: index + 1, heading: group === last ? null : group });
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
  const { t } = useTranslation();
  const profileLabelOf = useProfileLabels();
  const scroller = useRef<HTMLDivElement>(null);
  const { items } = props;
  const rows = useMemo(() => rowsOf(items), [items]);
  // Compiled, this component would keep the virtualizer's first rows: it must stay uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => sizeOf(rows[index]),
    getItemKey: (index) => rows[index]?.hit.conversation.id ?? index,
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
          const heading = row.heading && <h2 className="conversation-list__group">{t(`chat.group.${row.heading}`)}</h2>;
          return (
            <ConversationListItem
              key={key}
              index={index}
              start={start}
              position={row.position}
              setSize={items.length}
              measure={virtualizer.measureElement}
              conversation={conversation}
              titleMarks={titleMarks}
              found={found}
              heading={heading}
              active={conversation.id === props.activeId}
              profileLabel={profileLabelOf(conversation)}
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
