import { useMemo } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "../../i18n/use-translation.ts";
import type uPlot from "uplot";
import uPlotLib from "uplot";
import { moneyTicks, themedAxis, timeTicks, DAY_STEPS } from "../../components/chart/axes.ts";
import { paletteColour, useChartTheme } from "../../components/chart/chart-theme.ts";
import { UPlotChart, type ChartOptions } from "../../components/chart/UPlotChart.tsx";
import { sumLabel } from "../../components/cost-label.ts";
import { formatMoney } from "../../components/format.ts";
import { OTHER_SPEND_GROUP, spendByDay, stackedTops, type ScopedSpendRow, type SpendGrouping } from "./spend-series.ts";
import { formatDate } from "../../components/format.ts";

const HALF_DAY = 43_200;

/** A group's name; `profiles` names the profiles where the rows are of every profile. */
function groupName(t: TFunction, groupBy: SpendGrouping, label: string, profiles?: ReadonlyMap<string, string>) {
  if (label === OTHER_SPEND_GROUP) return t(profiles ? "spend.otherSpendAll" : "spend.otherSpend");
  if (groupBy === "kind") return t(`spend.kind.${label}`, { defaultValue: label });
  return groupBy === "profile" ? (profiles?.get(label) ?? label) : label;
}

interface SpendChartProps {
  readonly id: string;
  readonly title: string;
  readonly groupBy: SpendGrouping;
  readonly rows: readonly ScopedSpendRow[];
  /** The profiles' names, where the rows are of every profile. */
  readonly profiles?: ReadonlyMap<string, string> | undefined;
  readonly days: number;
  /** Local midnight of the period's last day: the last bar. */
  readonly today: Date;
  /** The period in words: "in 7 days", "this month". */
  readonly period: string;
}

/** Spend per day stacked by model or kind, its legend showing each group's figure for the day under the cursor. */
export function SpendChart({ id, title, groupBy, rows, profiles, days, today, period }: SpendChartProps) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const spend = useMemo(() => spendByDay(rows, days, groupBy, today), [rows, days, groupBy, today]);
  const name = (label: string) => groupName(t, groupBy, label, profiles);

  const options = useMemo((): ChartOptions => {
    const bars = uPlotLib.paths.bars?.({ size: [0.7, 48], align: 0 });
    const series: uPlot.Series[] = spend.series.map((item, index) => ({
      label: `${item.estimated ? "≈ " : ""}${groupName(t, groupBy, item.label, profiles)}`,
      stroke: paletteColour(theme, index),
      fill: paletteColour(theme, index),
      width: 0,
      ...(bars ? { paths: bars } : {}),
      points: { show: false },
      value: (_plot: uPlot, _top: number | null, _series: number, day: number | null) =>
        day === null ? "–" : formatMoney(item.values[day] ?? 0),
    }));
    return {
      scales: {
        x: { time: true, range: (_plot, min, max) => [min - HALF_DAY, max + HALF_DAY] },
        y: { range: [0, null] },
      },
      axes: [
        themedAxis(theme, t("spend.axisDay"), timeTicks, DAY_STEPS),
        themedAxis(theme, t("spend.axisCost"), moneyTicks),
      ],
      series: [
        {
          label: t("spend.axisDay"),
          value: (_plot, day) => (day === null ? "–" : formatDate(day * 1000)),
        },
        ...series,
      ],
      cursor: { points: { show: false } },
      legend: { live: true },
    };
  }, [theme, spend, t, groupBy, profiles]);
  const data = useMemo((): uPlot.AlignedData => [[...spend.days], ...stackedTops(spend.series)], [spend]);

  const summary = spend.series.length
    ? spend.series
        .map((item) => `${name(item.label)} ${sumLabel({ ...item, amount: item.total }, item.estimated)}`)
        .join(" · ")
    : t("spend.none");
  return (
    <section className="budget-card" aria-labelledby={`${id}-title`}>
      <header className="budget-card__header">
        <h2 id={`${id}-title`} className="gauge__title">
          {title}
        </h2>
      </header>
      {spend.series.length > 0 && (
        <UPlotChart options={options} data={data} height={220} label={t("spend.chartLabel", { title, period })} />
      )}
      <p className="budget-card__summary" data-testid={`${id}-summary`}>
        {spend.series.length > 0 && (
          <strong>
            {t("spend.total", { amount: sumLabel({ ...spend, amount: spend.total }, spend.estimated), period })}{" "}
          </strong>
        )}
        {summary}
      </p>
    </section>
  );
}
