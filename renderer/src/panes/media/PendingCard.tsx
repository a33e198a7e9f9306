import { memo } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { TaskView } from "../../../../shared/ipc/tasks.ts";
import { timeLeftText } from "../../components/time-left.ts";
import { useNow } from "../../components/use-now.ts";

/** A running task in the gallery: its status, the percent the gateway reports and the time it has left. */
export const PendingCard = memo(function PendingCard({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  const now = useNow();
  const left = timeLeftText(task, now, t);
  return (
    <article className="media-card media-card--pending" aria-label={t("media.pending", { prompt: task.prompt })}>
      <div className="media-card__placeholder">
        <span>{t(`tasks.status.${task.status}`)}</span>
        <progress max={100} value={task.progress} aria-label={t("tasks.progress")} />
        <span className="media-card__progress" data-testid="task-progress">
          {t("tasks.percent", { percent: task.progress })}
          {left && ` · ${left}`}
        </span>
      </div>
      <p className="media-card__prompt">{task.prompt}</p>
    </article>
  );
});
