import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";
import type { TaskView } from "../../../../shared/ipc/tasks.ts";
import type { Result } from "../../../../shared/ipc/result.ts";
import { useNow } from "../../components/use-now.ts";
import { useStableHandler } from "../../components/use-stable-handler.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useUiStore } from "../../state/ui-store.ts";
import { TaskRow } from "./TaskRow.tsx";

/** A running task's row as the table draws it in English, before it is measured. */
const ROW_HEIGHT = 50;
const COLUMNS = 9;

/**
 * The table of tasks, virtualised: only the rows in view (and a few beyond) are drawn, between two
 * spacer rows that keep the scroll height, so 500 tasks tick and scroll as lightly as 50. The
 * table says how many rows it has (`aria-rowcount`) and each row its place.
 */
export function TaskRows({
  tasks,
  onAction,
}: {
  readonly tasks: readonly TaskView[];
  onAction(call: Promise<Result<unknown>>): void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  // One identity across the pane's renders, so the rows' memo holds while the list scrolls.
  const act = useStableHandler(onAction);
  const scroller = useRef<HTMLDivElement>(null);
  const highlightedId = useUiStore((state) => state.highlightedTaskId);
  // Compiled, this component would keep the virtualizer's first rows: it must stay uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => tasks[index]?.id ?? index,
    overscan: 6,
    // React renders the new rows with the next frame instead of inside each scroll event.
    useFlushSync: false,
    // A row's height comes from the resize observer alone: reading its box as it is drawn forced a
    // layout of the whole table for each new row. Until observed, it keeps the height it had.
    measureElement: (element, entry, instance) =>
      entry?.borderBoxSize[0]?.blockSize ??
      instance.measurementsCache[instance.indexFromElement(element)]?.size ??
      ROW_HEIGHT,
  });
  const highlightedIndex = tasks.findIndex((task) => task.id === highlightedId);
  // Once per highlighted task: a task added above it later must not pull the view back to it.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (highlightedIndex === -1 || scrolledTo.current === highlightedId) return;
    scrolledTo.current = highlightedId;
    virtualizer.scrollToIndex(highlightedIndex, { align: "center" });
  }, [highlightedId, highlightedIndex, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const above = items[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true">
        <td colSpan={COLUMNS} className="tasks__spacer" style={{ height }} />
      </tr>
    );
  return (
    <div ref={scroller} className="tasks__scroller">
      <table className="tasks" aria-rowcount={tasks.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th>{t("tasks.columns.kind")}</th>
            <th>{t("tasks.columns.prompt")}</th>
            <th>{t("tasks.columns.model")}</th>
            <th>{t("tasks.columns.status")}</th>
            <th>{t("tasks.columns.progress")}</th>
            <th>{t("tasks.columns.elapsed")}</th>
            <th>{t("tasks.columns.nextPoll")}</th>
            <th>{t("requests.columns.cost")}</th>
            <th>
              <span className="visually-hidden">{t("tasks.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {spacer(above)}
          {items.map(({ index, key }) => {
            const task = tasks[index];
            return (
              task && (
                <TaskRow
                  key={key}
                  task={task}
                  now={now}
                  index={index}
                  highlighted={task.id === highlightedId}
                  measure={virtualizer.measureElement}
                  onAction={act}
                />
              )
            );
          })}
          {spacer(below)}
        </tbody>
      </table>
    </div>
  );
}
