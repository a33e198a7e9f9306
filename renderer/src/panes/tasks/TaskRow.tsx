import { memo } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { SUBMISSION_UNCONFIRMED, type LocalTaskStatus, type TaskView } from "../../../../shared/ipc/tasks.ts";
import type { Result } from "../../../../shared/ipc/result.ts";
import { api } from "../../api/desktop-api.ts";
import { sayText } from "../../components/app-text.ts";
import { formatDuration, formatSeconds } from "../../components/format.ts";
import { timeLeftText } from "../../components/time-left.ts";
import { useUiStore } from "../../state/ui-store.ts";
import { TaskCost } from "./TaskCost.tsx";
import { TaskFailure } from "./TaskFailure.tsx";
import { RetryButton } from "./RetryButton.tsx";
import { UnconfirmedNote } from "./UnconfirmedNote.tsx";

const CANCELLABLE: readonly LocalTaskStatus[] = ["waiting", "queued", "processing", "timed_out"];
// Progress of a task that ended without a result says nothing: it is left out rather than frozen at 83 %.
const ENDED_UNFINISHED: readonly LocalTaskStatus[] = ["failed", "cancelled", "expired"];
const RETRYABLE: readonly LocalTaskStatus[] = ["failed", "cancelled", "expired", "timed_out", "completed"];

interface TaskRowProps {
  readonly task: TaskView;
  readonly now: number;
  /** Its place in the list shown, from 0: the table says it (`aria-rowindex`) and the virtualiser measures by it. */
  readonly index: number;
  readonly highlighted: boolean;
  measure(row: HTMLTableRowElement | null): void;
  onAction(call: Promise<Result<unknown>>): void;
}

/** One task with what can be done about it; drawn again only when it, its place or the clock's second changes. */
export const TaskRow = memo(function TaskRow({ task, now, index, highlighted, measure, onAction }: TaskRowProps) {
  const { t } = useTranslation();
  const paneSelected = useUiStore((state) => state.paneSelected);
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
      ref={measure}
      data-index={index}
      // The header is row 1.
      aria-rowindex={index + 2}
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
});
