import { useTranslation } from "../../i18n/use-translation.ts";
import type { TaskView } from "../../../../shared/ipc/tasks.ts";

/** Why a task whose submission was never confirmed must be checked at the gateway before it is retried. */
export function UnconfirmedNote({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  return (
    <div className="tasks__unconfirmed" role="note" aria-label={t("tasks.unconfirmed.title")}>
      <strong>{t("tasks.unconfirmed.title")}</strong> {t("tasks.unconfirmed.explanation")}
      <details className="tasks__cause">
        <summary>
          <code>{task.errorCode}</code>
        </summary>
        {task.errorMessage}
      </details>
    </div>
  );
}
