import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type uPlot from "uplot";
import uPlotLib from "uplot";
import type { BalanceSample } from "../../../../shared/ipc/budget.ts";
import {
  markerPlugin,
  moneyTicks,
  moneyValue,
  themedAxis,
  timeValue,
  TIME_STEPS,
} from "../../components/chart/axes.ts";
import { useChartTheme } from "../../components/chart/chart-theme.ts";
import { UPlotChart, type ChartOptions } from "../../components/chart/UPlotChart.tsx";
import { periodStart, usedReadings } from "./period-readings.ts";
import { burnRate, DAY, HOUR, projectBudget } from "./projection.ts";
import { budgetSentence, formatClock, formatDay } from "./projection-sentence.ts";

const MINUTE = 60_000;

interface PeriodChartProps {
  readonly period: "day" | "month";
  readonly samples: readonly BalanceSample[];
  readonly used: number;
  readonly budget: number;
  readonly resetAt: string;
  /** When `used` was read. */
  readonly readAt: string;
}

/** A budget's period: used so far against the budget, the reset marked, and where the current rate leads (dashed). */
export function PeriodChart({ period, samples, used, budget, resetAt, readAt }: PeriodChartProps) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const reset = Date.parse(resetAt);
  const now = Date.parse(readAt);

  const { projection, data } = useMemo(() => {
    const start = periodStart(period, reset);
    const readings = usedReadings(samples, period, { at: now, value: used });
    // Today's rate is the last hour's; the month's the last week's.
    const rate =
      period === "day"
        ? burnRate(readings, { from: now - HOUR, to: now }, "up", 10 * MINUTE)
        : burnRate(readings, { from: now - 7 * DAY, to: now }, "up", HOUR);
    const projection = projectBudget({ used, budget, resetAt: reset, rate, now });
    const inPeriod = [{ at: start, value: 0 }, ...readings.filter((reading) => reading.at >= start)];
    const line = "line" in projection ? projection.line : null;
    const times = [...new Set([start, reset, ...inPeriod.map((reading) => reading.at), ...(line ? [line.to.at] : [])])];
    times.sort((a, b) => a - b);
    const usedAt = new Map(inPeriod.map((reading) => [reading.at, reading.value]));
    const data: uPlot.AlignedData = [
      times.map((at) => at / 1000),
      times.map((at) => usedAt.get(at) ?? null),
      times.map((at) => (at === start || at === reset ? budget : null)),
      times.map((at) =>
        line && at === line.from.at ? line.from.value : line && at === line.to.at ? line.to.value : null,
      ),
    ];
    return { projection, data };
  }, [period, samples, used, budget, reset, now]);

  const caption = t("projection.resetMark", { time: period === "day" ? formatClock(reset) : formatDay(reset) });
  const options = useMemo((): ChartOptions => {
    const stepped = uPlotLib.paths.stepped?.({ align: 1 });
    return {
      scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(budget, max) * 1.1] } },
      axes: [
        themedAxis(theme, t("projection.axisTime"), undefined, TIME_STEPS),
        themedAxis(theme, t("projection.axisUsed"), moneyTicks),
      ],
      series: [
        { label: t("projection.axisTime"), value: timeValue },
        {
          label: t("projection.used"),
          stroke: theme.accent,
          width: 2,
          spanGaps: true,
          value: moneyValue,
          ...(stepped ? { paths: stepped } : {}),
        },
        {
          label: t("projection.budget"),
          stroke: theme.danger,
          width: 1,
          spanGaps: true,
          value: moneyValue,
          points: { show: false },
        },
        {
          label: t("projection.atThisRate"),
          stroke: theme.muted,
          width: 2,
          dash: [6, 4],
          spanGaps: true,
          value: moneyValue,
        },
      ],
      plugins: [markerPlugin(reset / 1000, caption, theme.muted, theme.font)],
    };
  }, [theme, t, budget, reset, caption]);

  const sentence = budgetSentence(t, period, projection);
  return (
    <div className="period-chart">
      <UPlotChart
        options={options}
        data={data}
        height={160}
        label={`${t(`projection.${period}.label`)}. ${sentence}`}
      />
      <p className="projection" data-testid={`projection-${period}`}>
        {sentence}
      </p>
    </div>
  );
}
