import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { SpendRow } from "../../../../shared/ipc/ledger.ts";
import { useSpend } from "../../api/budget-queries.ts";
import type { PeriodDays } from "./budget-period.ts";
import { SpendChart } from "./SpendChart.tsx";

const NO_ROWS: readonly SpendRow[] = [];

/** Spend per day by model and by kind over the Budget pane's period; `label` names it ("in 7 days", "this month"). */
export function SpendSection({ profileId, period, label }: { profileId: string; period: PeriodDays; label: string }) {
  const { t } = useTranslation();
  const { data: rows = NO_ROWS } = useSpend(profileId, period.days, period.last);
  const lastDay = useMemo(() => {
    const [year = 0, month = 1, day = 1] = period.last.split("-").map(Number);
    return new Date(year, month - 1, day);
  }, [period.last]);
  const chart = { rows, days: period.days, today: lastDay, period: label };
  return (
    <div className="spend">
      <SpendChart id="spend-model" title={t("spend.byModel")} groupBy="model" {...chart} />
      <SpendChart id="spend-kind" title={t("spend.byKind")} groupBy="kind" {...chart} />
    </div>
  );
}
