import { useTranslation } from "../../i18n/use-translation.ts";
import type { TaskView } from "../../../../shared/ipc/tasks.ts";
import { taskFailureText } from "../../components/app-text.ts";
import { CopyButton } from "../../components/CopyButton.tsx";

/** Why a task failed (as the gateway said it, or the app in the window's language), with the request id to quote to its support. */
export function TaskFailure({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  return (
    <span className="tasks__note">
      <code>{task.errorCode}</code> {taskFailureText(task)}
      {task.requestId && (
        <span className="tasks__request">
          {t("error.requestId")}: <code data-testid="request-id">{task.requestId}</code>{" "}
          <CopyButton text={task.requestId} label={t("error.copy")} />
        </span>
      )}
    </span>
  );
}
