import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import {
  LocalTaskStatusSchema,
  SUBMISSION_UNCONFIRMED,
  type LocalTaskStatus,
  type TaskView,
} from "../../../../shared/ipc/tasks.ts";
import type { IpcError, Result } from "../../../../shared/ipc/result.ts";
import { api } from "../../api/desktop-api.ts";
import { useTasks } from "../../api/task-queries.ts";
import { sayText } from "../../components/app-text.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { formatDuration, formatSeconds } from "../../components/format.ts";
import { timeLeftText } from "../../components/time-left.ts";
import { useNow } from "../../components/use-now.ts";
import { useUiStore } from "../../state/ui-store.ts";
import "./tasks.css";
import { TaskCost } from "./TaskCost.tsx";
import { TaskFailure } from "./TaskFailure.tsx";
import { RetryButton } from "./RetryButton.tsx";
import { UnconfirmedNote } from "./UnconfirmedNote.tsx";

const CANCELLABLE: readonly LocalTaskStatus[] = ["waiting", "queued", "processing", "timed_out"];
// Progress of a task that ended without a result says nothing: it is left out rather than frozen at 83 %.
const ENDED_UNFINISHED: readonly LocalTaskStatus[] = ["failed", "cancelled", "expired"];
const RETRYABLE: readonly LocalTaskStatus[] = ["failed", "cancelled", "expired", "timed_out", "completed"];

function TaskRow({
  task,
  now,
  onAction,
}: {
  task: TaskView;
  now: number;
  onAction(call: Promise<Result<unknown>>): void;
}) {
  const { t } = useTranslation();
  const paneSelected = useUiStore((state) => state.paneSelected);
  const highlighted = useUiStore((state) => state.highlightedTaskId === task.id);
  const row = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (highlighted) row.current?.scrollIntoView({ block: "center" });
  }, [highlighted]);
  const end = task.finishedAt ? Date.parse(task.finishedAt) : now;
  const nextPoll =
    task.nextPollAt && (task.status === "queued" || task.status === "processing")
      ? (Date.parse(task.nextPollAt) - now) / 1000
      : null;
  const timeLeft = timeLeftText(task, now, t);
  const excerpt = task.prompt.length > 60 ? `${task.prompt.slice(0, 57)}…` : task.prompt;
  const unconfirmed = task.errorCode === SUBMISSION_UNCONFIRMED;
  return (
    <tr
      ref={row}
      aria-label={task.prompt}
      aria-current={highlighted ? "true" : undefined}
      className={highlighted ? "tasks__row--highlighted" : undefined}
    >
      <td>{t(`tasks.kind.${task.kind}`)}</td>
      <td title={task.prompt}>{excerpt}</td>
      <td>{task.model}</td>
      <td>
        <span className={`chip status-chip status-chip--${task.status}`}>{t(`tasks.status.${task.status}`)}</span>
        {task.waitReason && <span className="tasks__note">{sayText(task.waitReason)}</span>}
        {unconfirmed && <UnconfirmedNote task={task} />}
        {task.errorCode && !unconfirmed && <TaskFailure task={task} />}
        {task.status === "expired" && !task.errorCode && <span className="tasks__note">{t("tasks.expiredNote")}</span>}
        {task.notice && (
          <span className="tasks__note tasks__notice" role="note" data-testid="task-notice">
            {sayText(task.notice)}
          </span>
        )}
      </td>
      <td>
        {ENDED_UNFINISHED.includes(task.status) ? (
          "–"
        ) : (
          <>
            <progress max={100} value={task.progress} aria-label={t("tasks.progress")} />{" "}
            {t("tasks.percent", { percent: task.progress })}
            {timeLeft && <span className="tasks__note">{timeLeft}</span>}
          </>
        )}
      </td>
      <td className="tasks__number">{formatDuration((end - Date.parse(task.createdAt)) / 1000)}</td>
      <td className="tasks__number">{nextPoll === null ? "–" : formatSeconds(Math.max(0, Math.ceil(nextPoll)))}</td>
      <TaskCost cost={task.cost} />
      <td>
        <div className="tasks__actions">
          {CANCELLABLE.includes(task.status) && (
            <button
              type="button"
              className="button button--small"
              onClick={() => onAction(api.tasks.cancel({ id: task.id }))}
            >
              {t("tasks.cancel")}
            </button>
          )}
          {task.status === "timed_out" && (
            <button
              type="button"
              className="button button--small"
              onClick={() => onAction(api.tasks.checkAgain({ id: task.id }))}
            >
              {t("tasks.checkAgain")}
            </button>
          )}
          {RETRYABLE.includes(task.status) && (
            <RetryButton task={task} onRetry={() => onAction(api.tasks.retry({ id: task.id }))} />
          )}
          {task.status === "completed" && (
            <button
              type="button"
              className="button button--small"
              onClick={() => paneSelected(task.kind === "image" ? "images" : "videos")}
            >
              {t("tasks.openResult")}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Every task of the active profile, with what can be done about each. */
export function TasksPane() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: tasks = [] } = useTasks();
  const now = useNow();
  const [filter, setFilter] = useState<LocalTaskStatus | "all">("all");
  const [error, setError] = useState<IpcError | null>(null);
  const shown = filter === "all" ? tasks : tasks.filter((task) => task.status === filter);
  const present = new Set(tasks.map((task) => task.status));

  const act = async (call: Promise<Result<unknown>>) => {
    const result = await call;
    setError(result.ok ? null : result.error);
    await queryClient.invalidateQueries({ queryKey: ["tasks"] });
  };

  return (
    <section className="pane pane--wide" aria-labelledby="tasks-title">
      <header className="pane__header">
        <h1 id="tasks-title" className="pane__title">
          {t("nav.tasks")}
        </h1>
        <button type="button" className="button" onClick={() => void act(api.tasks.clearFinished())}>
          {t("tasks.clearFinished")}
        </button>
      </header>
      <div className="filter-chips" role="group" aria-label={t("tasks.filter")}>
        {(["all", ...LocalTaskStatusSchema.options.filter((status) => present.has(status))] as const).map((status) => (
          <button
            key={status}
            type="button"
            className="chip chip--button"
            aria-pressed={filter === status}
            onClick={() => setFilter(status)}
          >
            {status === "all" ? t("tasks.all") : t(`tasks.status.${status}`)}
          </button>
        ))}
      </div>
      {error && <ErrorNotice error={error} />}
      {shown.length === 0 ? (
        <p className="empty-state">{t("tasks.empty")}</p>
      ) : (
        <table className="tasks">
          <thead>
            <tr>
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
            {shown.map((task) => (
              <TaskRow key={task.id} task={task} now={now} onAction={(call) => void act(call)} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
