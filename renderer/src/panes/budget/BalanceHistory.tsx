import { useMemo } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type uPlot from "uplot";
import {
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
import { valueRange } from "../../components/chart/value-range.ts";
import { formatDateTime, formatMoney } from "../../components/format.ts";
import { balanceReadings, type TimedSample } from "./period-readings.ts";
import { DAY, HOUR, projectBalance } from "./projection.ts";
import { balanceSentence, rateSentence } from "./projection-sentence.ts";
import { balanceSpent, enoughToForecast, spendRate } from "./spend-rate.ts";

/** The balance's rate is the last 30 minutes' and the last week's, once readings over half an hour show three spends. */
const RATE_WINDOWS = [30 * 60_000, 7 * DAY];
const FORECAST_RULE = { span: 30 * 60_000, spends: 3 };

interface BalanceHistoryProps {
  readonly samples: readonly TimedSample[];
  readonly balance: number;
  readonly readAt: string;
}

/** The balance on a time axis over the readings the app kept, and how long it lasts at the last week's rate. */
export function BalanceHistory({ samples, balance, readAt }: BalanceHistoryProps) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const now = Date.parse(readAt);

  const { readings, projection, rate, data } = useMemo(() => {
    const readings = balanceReadings(samples, { at: now, value: balance });
    const first = readings[0]?.at ?? now;
    const spent = balanceSpent(samples, { at: now, value: balance });
    const ready = enoughToForecast(spent, now, FORECAST_RULE);
    const rate = ready ? spendRate(spent, now, RATE_WINDOWS) : null;
    // The dashed line looks a quarter of the history ahead, so the history keeps most of the width.
    const projection = projectBalance({ balance, rate, now, lineSpan: Math.max((now - first) / 4, HOUR), ready });
    const line = "line" in projection ? projection.line : null;
    const x = readings.map((reading) => reading.at / 1000);
    const data: uPlot.AlignedData = [
      line ? [...x, line.to.at / 1000] : x,
      [...readings.map((reading) => reading.value), ...(line ? [null] : [])],
      [
        ...readings.map((reading) => (line && reading.at === line.from.at ? reading.value : null)),
        ...(line ? [line.to.value] : []),
      ],
    ];
    return { readings, projection, rate, data };
  }, [samples, balance, now]);

  const values = readings.map((reading) => reading.value);
  const line = "line" in projection ? projection.line : null;
  const [low, high] = valueRange(Math.min(...values, line?.to.value ?? Infinity), Math.max(...values));
  const options = useMemo(
    (): ChartOptions => ({
      scales: { x: { time: true }, y: { range: [low, high] } },
      axes: [
        themedAxis(theme, t("projection.axisTime"), timeTicks, TIME_STEPS),
        themedAxis(theme, t("budget.balance"), moneyTicks),
      ],
      series: [
        { label: t("projection.axisTime"), value: timeValue },
        { label: t("budget.balance"), stroke: theme.accent, width: 2, spanGaps: true, value: moneyValue },
        projectionSeries(theme, t("projection.atThisRate")),
      ],
    }),
    [theme, t, low, high],
  );

  const first = readings[0];
  const summary = first
    ? t("budget.history", {
        from: formatMoney(first.value),
        to: formatMoney(balance),
        count: readings.length,
        since: formatDateTime(first.at),
      })
    : "";
  const sentence = balanceSentence(t, projection);
  return (
    <section className="budget-card" aria-labelledby="balance-history-title">
      <h2 id="balance-history-title" className="gauge__title">
        {t("budget.historyTitle")}
      </h2>
      {readings.length >= 2 && (
        <UPlotChart options={options} data={data} height={200} label={`${summary}. ${sentence}`} />
      )}
      <p className="projection" data-testid="projection-balance">
        {sentence}
      </p>
      <p className="projection" data-testid="rate-balance">
        {rateSentence(t, "balance", rate)}
      </p>
      {readings.length >= 2 && <p className="pane__footnote">{summary}</p>}
    </section>
  );
}
