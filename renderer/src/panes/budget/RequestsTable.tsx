import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { LedgerEntry, LedgerFilter } from "../../../../shared/ipc/ledger.ts";
import { REQUESTS_PAGE, requestsPage } from "../../api/budget-queries.ts";
import { RequestCost } from "./RequestCost.tsx";
import { formatCount, formatStamp } from "../../components/format.ts";
import { formatLatency } from "./requests-filter.ts";
import { openTarget } from "../../state/open-target.ts";
import { conversationTitle } from "../chat/conversation-title.ts";
import { useConversations } from "../chat/chat-queries.ts";

const ROW_HEIGHT = 34;
/** Rows before the end at which the next page joins the table. */
const GROW_MARGIN = 60;
const COLUMNS = ["time", "kind", "model", "status", "requestId", "tokens", "firstToken", "total", "cost"] as const;

/** A chat call's model, which opens the conversation it was made for. */
function ConversationLink(props: { conversationId: string; title: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const { conversationId, title, children } = props;
  return (
    <button
      type="button"
      className="requests__link"
      title={t("requests.openConversation", { title: conversationTitle(title, t) })}
      onClick={() => openTarget({ pane: "chat", conversationId })}
    >
      {children}
    </button>
  );
}

/** The ids of the conversations not deleted: only those a row's model can open. */
function useOpenableConversations(): ReadonlySet<string> {
  const { data } = useConversations();
  return useMemo(() => new Set(data?.map((conversation) => conversation.id)), [data]);
}

function EntryCells({ entry, openable }: { entry: LedgerEntry; openable: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const failed = entry.errorCode !== null || (entry.status !== null && entry.status >= 400);
  const status = [entry.status, entry.errorCode].filter((part) => part !== null).join(" ") || "—";
  // A refunded call's outcome is its refund: the HTTP status of its submission stays in the title.
  const refunded = entry.refund !== null && entry.refund > 0;
  return (
    <>
      <span role="cell" title={entry.at}>
        {formatStamp(entry.at)}
      </span>
      <span role="cell">{t(`spend.kind.${entry.outside ? "other" : entry.kind}`, { defaultValue: entry.kind })}</span>
      <span
        role="cell"
        title={
          entry.outside
            ? `${t("spend.otherSpend")}, ${t("spend.outsideApp")}`
            : (entry.title ?? entry.model ?? undefined)
        }
      >
        {entry.outside ? (
          t("spend.otherSpend")
        ) : entry.conversationId && openable.has(entry.conversationId) ? (
          <ConversationLink conversationId={entry.conversationId} title={entry.title}>
            {entry.model ?? "—"}
          </ConversationLink>
        ) : (
          (entry.model ?? "—")
        )}
      </span>
      <span role="cell" className={failed ? "requests__error" : undefined} title={status}>
        {refunded ? t("requests.refundedStatus") : status}
      </span>
      <span role="cell" className="requests__id" title={entry.requestId ?? undefined}>
        {entry.requestId ?? "—"}
      </span>
      <span role="cell" className="requests__number">
        {entry.inputTokens === null && entry.outputTokens === null
          ? "—"
          : `${entry.inputTokens ?? "–"} / ${entry.outputTokens ?? "–"}`}
      </span>
      <span
        role="cell"
        className="requests__number"
        title={t("requests.headersAfter", { time: formatLatency(entry.latencyMs) })}
      >
        {entry.firstTokenMs === null ? "—" : formatLatency(entry.firstTokenMs)}
      </span>
      <span role="cell" className="requests__number">
        {entry.totalMs === null ? "—" : formatLatency(entry.totalMs)}
      </span>
      <RequestCost entry={entry} />
    </>
  );
}

/**
 * The ledger rows of a filter, newest first, as a virtual table: only the rows in view are in the
 * page and only their pages are asked of main. The table grows a page at a time as it is scrolled
 * near its end, so opening it over 100k rows lays out a few hundred, not 100k.
 */
export function RequestsTable({ profileId, filter }: { profileId: string; filter: LedgerFilter }) {
  const { t } = useTranslation();
  const openable = useOpenableConversations();
  const scroller = useRef<HTMLDivElement>(null);
  // While a new filter loads, the old rows stay rather than the table flashing empty.
  const first = useQuery({ ...requestsPage(profileId, filter, 0), placeholderData: keepPreviousData });
  const total = first.data?.total ?? 0;
  const filterKey = JSON.stringify(filter);
  const [growth, setGrowth] = useState({ filterKey, rows: REQUESTS_PAGE });
  if (growth.filterKey !== filterKey) setGrowth({ filterKey, rows: REQUESTS_PAGE });
  const count = Math.min(total, growth.rows);
  const growNearEnd = (element: HTMLElement) => {
    if (count < total && element.scrollTop + element.clientHeight > element.scrollHeight - GROW_MARGIN * ROW_HEIGHT)
      setGrowth((current) => ({ ...current, rows: current.rows + REQUESTS_PAGE }));
  };
  // Compiled, this component would keep the virtualizer's first rows: it must stay uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const pages = [...new Set(items.map((item) => Math.floor(item.index / REQUESTS_PAGE)))];
  const loaded = useQueries({ queries: pages.map((page) => requestsPage(profileId, filter, page)) });
  const entryAt = (index: number) =>
    loaded[pages.indexOf(Math.floor(index / REQUESTS_PAGE))]?.data?.entries[index % REQUESTS_PAGE] ?? null;

  return (
    <>
      <div className="requests" role="table" aria-label={t("requests.title")} aria-rowcount={total + 1}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className="requests__row requests__row--head">
            {COLUMNS.map((column) => (
              <span key={column} role="columnheader">
                {t(`requests.columns.${column}`)}
              </span>
            ))}
          </div>
        </div>
        <div
          ref={scroller}
          role="rowgroup"
          // Scrollable by keyboard too.
          tabIndex={0}
          className="requests__body"
          aria-busy={first.isPending}
          onScroll={(event) => growNearEnd(event.currentTarget)}
        >
          {first.isSuccess && total === 0 && <p className="requests__empty">{t("requests.empty")}</p>}
          <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {items.map((item) => {
              const entry = entryAt(item.index);
              return (
                <div
                  key={entry?.id ?? `pending-${item.index}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="requests__row"
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  {entry ? (
                    <EntryCells entry={entry} openable={openable} />
                  ) : (
                    <span role="cell" className="requests__loading">
                      {t("requests.loading")}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {first.isSuccess && total > 0 && (
        <p className="pane__footnote" data-testid="requests-count">
          {count < total
            ? t("requests.countSome", { shown: formatCount(count), total: formatCount(total) })
            : t("requests.countAll", { count: total, total: formatCount(total) })}
        </p>
      )}
    </>
  );
}
