import { memo } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { TaskView } from "../../../../shared/ipc/tasks.ts";
import { RetryButton } from "../tasks/RetryButton.tsx";
import { TaskFailure } from "../tasks/TaskFailure.tsx";

interface FailedCardProps {
  readonly task: TaskView;
  onRetry(task: TaskView): void;
  onDismiss(task: TaskView): void;
}

/** A generation that ended without a result: why (code, the server's message, request id), Retry and Dismiss. */
export const FailedCard = memo(function FailedCard({ task, onRetry, onDismiss }: FailedCardProps) {
  const { t } = useTranslation();
  return (
    <article className="media-card media-card--failed" aria-label={t("gallery.failedCard", { prompt: task.prompt })}>
      <div className="media-card__placeholder">
        <strong>{t(`tasks.status.${task.status}`)}</strong>
      </div>
      <p className="media-card__prompt" title={task.prompt}>
        {task.prompt}
      </p>
      <div className="media-card__actions">
        <RetryButton task={task} onRetry={() => onRetry(task)} />
        <button
          type="button"
          className="button button--small"
          aria-label={`${t("gallery.dismiss")}: ${task.prompt}`}
          onClick={() => onDismiss(task)}
        >
          {t("gallery.dismiss")}
        </button>
      </div>
      <div className="media-card__why">{task.errorCode ? <TaskFailure task={task} /> : null}</div>
    </article>
  );
});
