import { useTranslation } from "../../i18n/use-translation.ts";
import { SUBMISSION_UNCONFIRMED, type TaskView } from "../../../../shared/ipc/tasks.ts";
import { ConfirmButton } from "../../components/ConfirmButton.tsx";
import { costOf } from "../../components/cost-label.ts";

/** Retry is a new, charged submission: it asks first, in the app, naming what the task cost last time. */
export function RetryButton({ task, onRetry }: { readonly task: TaskView; onRetry(): void }) {
  const { t } = useTranslation();
  const question =
    task.errorCode === SUBMISSION_UNCONFIRMED ? t("tasks.unconfirmed.confirmRetry") : t("tasks.confirmRetry");
  const lastCost = task.cost
    ? t("tasks.lastCost", { amount: costOf(task.cost, { free: t("cost.free"), unknown: t("cost.unknown") }) })
    : "";
  return (
    <ConfirmButton
      label={t("tasks.retry")}
      className="button button--small"
      title={t("tasks.retryTitle")}
      message={lastCost ? `${question} ${lastCost}` : question}
      confirmLabel={t("tasks.retryConfirm")}
      cancelLabel={t("tasks.cancelRetry")}
      onConfirm={onRetry}
    />
  );
}
