import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../components/format.ts";
import { onOption } from "../../components/select-option.ts";
import { PERIOD_PRESETS, type BudgetPeriod, type PeriodDays } from "./budget-period.ts";

/** The period in words, as a total reads it: "today", "in 7 days", "this month", "from 11/1/26 to 11/15/26". */
export function periodLabel(t: TFunction, period: BudgetPeriod, days: PeriodDays): string {
  if (period.preset === "today") return t("spend.period.inToday");
  if (period.preset === "month") return t("spend.period.inMonth");
  if (period.preset !== "custom") return t("spend.period.inDays", { count: days.days });
  const at = (key: string) => formatDate(Date.parse(`${key}T12:00:00`));
  return t("spend.period.inRange", { from: at(days.first), to: at(days.last) });
}

/** The Budget pane's period: Today, the last 7 or 30 days, this month, or a custom range of days. */
export function PeriodControl({ period, onChange }: { period: BudgetPeriod; onChange(period: BudgetPeriod): void }) {
  const { t } = useTranslation();
  return (
    <div className="period" role="group" aria-label={t("spend.period.label")}>
      <label className="requests__field">
        <span>{t("spend.period.label")}</span>
        <select value={period.preset} onChange={onOption(PERIOD_PRESETS, (preset) => onChange({ ...period, preset }))}>
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`spend.period.${preset}`)}
            </option>
          ))}
        </select>
      </label>
      {period.preset === "custom" && (
        <>
          <label className="requests__field">
            <span>{t("spend.period.start")}</span>
            <input
              type="date"
              value={period.from}
              onChange={(event) => onChange({ ...period, from: event.target.value })}
            />
          </label>
          <label className="requests__field">
            <span>{t("spend.period.end")}</span>
            <input
              type="date"
              value={period.to}
              onChange={(event) => onChange({ ...period, to: event.target.value })}
            />
          </label>
        </>
      )}
    </div>
  );
}
