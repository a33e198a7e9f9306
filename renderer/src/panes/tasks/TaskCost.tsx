import { useTranslation } from "../../i18n/use-translation.ts";
import type { Cost } from "../../../../shared/ipc/ledger.ts";
import { costOf } from "../../components/cost-label.ts";
import { formatMoney } from "../../components/format.ts";

/** A task's cost cell: what the submission cost and, once a failed or cancelled task got it back, the refund. */
export function TaskCost({ cost }: { cost: Cost | null }) {
  const { t } = useTranslation();
  return (
    <td
      className="tasks__number"
      data-testid="task-cost"
      title={cost?.kind === "estimated" ? t("cost.estimatedHint") : undefined}
    >
      {costOf(cost, { free: t("cost.free"), unknown: t("cost.unknown") })}
      {cost && cost.refund !== null && cost.refund > 0 && (
        <span className="tasks__note">{t("cost.refund", { amount: formatMoney(cost.refund) })}</span>
      )}
    </td>
  );
}
