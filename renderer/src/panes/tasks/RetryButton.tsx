import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SUBMISSION_UNCONFIRMED, type TaskView } from "../../../../shared/ipc/tasks.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { formatMoney } from "../../components/format.ts";

/** Retry is a new, charged submission: it asks first, in the app, naming what the task cost last time. */
export function RetryButton({ task, onRetry }: { readonly task: TaskView; onRetry(): void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const question =
    task.errorCode === SUBMISSION_UNCONFIRMED ? t("tasks.unconfirmed.confirmRetry") : t("tasks.confirmRetry");
  const lastCost = task.cost
    ? t("tasks.lastCost", { amount: `${task.cost.basis === "estimated" ? "≈" : ""}${formatMoney(task.cost.amount)}` })
    : "";
  return (
    <>
      <button type="button" className="button button--small" onClick={() => setAsking(true)}>
        {t("tasks.retry")}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("tasks.retryTitle")}
        message={lastCost ? `${question} ${lastCost}` : question}
        confirmLabel={t("tasks.retryConfirm")}
        cancelLabel={t("tasks.cancelRetry")}
        onConfirm={() => {
          setAsking(false);
          onRetry();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
