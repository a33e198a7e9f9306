import { useMemo } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type uPlot from "uplot";
import uPlotLib from "uplot";
import {
  markerPlugin,
  moneyTicks,
  moneyValue,
  projectionSeries,
  themedAxis,
  timeTicks,
  timeValue,
  TIME_STEPS,
} from "../../components/chart/axes.ts";
import { useChartTheme } from "../../components/chart/chart-theme.ts";
import { UPlotChart, type ChartOptions } from "../../components/chart/UPlotChart.tsx";
import { periodStart, usedReadings, type TimedSample } from "./period-readings.ts";
import { periodColumns } from "./period-series.ts";
import { DAY, HOUR, projectBudget } from "./projection.ts";
import { budgetSentence, rateSentence } from "./projection-sentence.ts";
import { enoughToForecast, spendRate } from "./spend-rate.ts";
import { formatClock, formatDay } from "../../components/format.ts";

const MINUTE = 60_000;
/** Today's rate is the last 30 minutes' and the last 3 hours'; the month's the last day's and week's. */
const RATE_WINDOWS = { day: [30 * MINUTE, 3 * HOUR], month: [DAY, 7 * DAY] } as const;
/** Today's forecast waits for half an hour of readings, the month's for a day, each with three spends. */
const FORECAST_RULES = { day: { span: 30 * MINUTE, spends: 3 }, month: { span: DAY, spends: 3 } } as const;

interface PeriodChartProps {
  readonly period: "day" | "month";
  readonly samples: readonly TimedSample[];
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

  const { projection, rate, data } = useMemo(() => {
    const start = periodStart(period, reset);
    const windows = RATE_WINDOWS[period];
    const readings = usedReadings(samples, period, Math.min(start, now - Math.max(...windows)), {
      at: now,
      value: used,
    });
    // Within the period a fall of its used is a refund, netted; before it lies the previous period.
    const inPeriod = readings.filter((reading) => reading.at >= start);
    const ready = enoughToForecast(inPeriod, now, FORECAST_RULES[period]);
    const rate = ready ? spendRate(inPeriod, now, windows) : null;
    const projection = projectBudget({ used, budget, resetAt: reset, rate, now, ready });
    const line = "line" in projection ? projection.line : null;
    const data: uPlot.AlignedData = periodColumns({ start, reset, budget, readings, line });
    return { projection, rate, data };
  }, [period, samples, used, budget, reset, now]);

  const caption = t("projection.resetMark", { time: period === "day" ? formatClock(reset) : formatDay(reset) });
  const options = useMemo((): ChartOptions => {
    const stepped = uPlotLib.paths.stepped?.({ align: 1 });
    return {
      scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(budget, max) * 1.1] } },
      axes: [
        themedAxis(theme, t("projection.axisTime"), timeTicks, TIME_STEPS),
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
        projectionSeries(theme, t("projection.atThisRate")),
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
      <p className="projection" data-testid={`rate-${period}`}>
        {rateSentence(t, period, rate)}
      </p>
    </div>
  );
}
