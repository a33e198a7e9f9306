import type { TFunction } from "i18next";
import { useTranslation } from "../../i18n/use-translation.ts";
import { formatDate } from "../../components/format.ts";
import { onOption } from "../../components/select-option.ts";
import {
  BUDGET_SCOPES,
  PERIOD_PRESETS,
  type BudgetPeriod,
  type BudgetScope,
  type PeriodDays,
} from "./budget-period.ts";
import { DateField } from "./DateField.tsx";

/** The period in words, as a total reads it: "today", "in 7 days", "this month", "from 11/1/26 to 11/15/26". */
export function periodLabel(t: TFunction, period: BudgetPeriod, days: PeriodDays): string {
  if (period.preset === "today") return t("spend.period.inToday");
  if (period.preset === "month") return t("spend.period.inMonth");
  if (period.preset !== "custom") return t("spend.period.inDays", { count: days.days });
  const at = (key: string) => formatDate(Date.parse(`${key}T12:00:00`));
  return t("spend.period.inRange", { from: at(days.first), to: at(days.last) });
}

interface PeriodControlProps {
  readonly period: BudgetPeriod;
  onChange(period: BudgetPeriod): void;
  readonly scope: BudgetScope;
  onScope(scope: BudgetScope): void;
}

/**
 * The Budget pane's period (Today, the last 7 or 30 days, this month, or a custom range of days)
 * and whose spend its charts show (this profile's or every profile's).
 */
export function PeriodControl({ period, onChange, scope, onScope }: PeriodControlProps) {
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
          <DateField
            label={t("spend.period.start")}
            value={period.from}
            onChange={(from) => onChange({ ...period, from })}
          />
          <DateField label={t("spend.period.end")} value={period.to} onChange={(to) => onChange({ ...period, to })} />
        </>
      )}
      <label className="requests__field">
        <span>{t("spend.scope.label")}</span>
        <select value={scope} onChange={onOption(BUDGET_SCOPES, onScope)}>
          {BUDGET_SCOPES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`spend.scope.${choice}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
