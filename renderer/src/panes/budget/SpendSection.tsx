import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SPEND_RANGES, type SpendRow } from "../../../../shared/ipc/ledger.ts";
import { useSpend, type SpendDays } from "../../api/budget-queries.ts";
import { useNow } from "../../components/use-now.ts";
import { localDayKey } from "./spend-series.ts";
import { SpendChart } from "./SpendChart.tsx";

const NO_ROWS: readonly SpendRow[] = [];

/** Spend per day by model and by kind over 7, 30 or 90 days. */
export function SpendSection({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  // The last bar is today's: the day is checked every minute.
  const today = localDayKey(new Date(useNow(60_000)));
  const [days, setDays] = useState<SpendDays>(7);
  const { data: rows = NO_ROWS } = useSpend(profileId, days);
  const midnight = useMemo(() => {
    const [year = 0, month = 1, day = 1] = today.split("-").map(Number);
    return new Date(year, month - 1, day);
  }, [today]);
  const toggle = (
    <div className="segmented" role="group" aria-label={t("spend.range")}>
      {SPEND_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          className="segmented__option"
          aria-pressed={days === range}
          onClick={() => setDays(range)}
        >
          {t("spend.days", { count: range })}
        </button>
      ))}
    </div>
  );
  return (
    <div className="spend">
      <SpendChart
        id="spend-model"
        title={t("spend.byModel")}
        groupBy="model"
        rows={rows}
        days={days}
        today={midnight}
        actions={toggle}
      />
      <SpendChart id="spend-kind" title={t("spend.byKind")} groupBy="kind" rows={rows} days={days} today={midnight} />
    </div>
  );
}
