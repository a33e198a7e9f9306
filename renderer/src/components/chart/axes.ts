import type uPlot from "uplot";
import { formatClock, formatDay, formatMoment, formatMoney, formatTime } from "../format.ts";
import type { ChartTheme } from "./chart-theme.ts";

/**
 * Room a time axis keeps between ticks, in pixels: a day ("11月23日", "Nov 23") or a clock
 * ("12:00 AM") with a gap, so neighbouring labels never run together.
 */
const TIME_TICK_SPACE = 72;

/** An axis in the theme's colours with a label; `values` formats its ticks, `steps` (a time axis's) their spacings. */
export function themedAxis(
  theme: ChartTheme,
  label: string,
  values?: uPlot.Axis["values"],
  steps?: readonly number[],
): uPlot.Axis {
  return {
    label,
    ...(steps ? { incrs: [...steps], space: TIME_TICK_SPACE } : {}),
    stroke: theme.muted,
    font: theme.font,
    labelFont: theme.font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    ...(values ? { values } : {}),
  };
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Tick spacings of a time axis in seconds, whole seconds and up: readings are never closer than that. */
export const TIME_STEPS = [
  1,
  2,
  5,
  10,
  15,
  30,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  90 * DAY,
  365 * DAY,
];

/** Tick spacings of an axis of days. */
export const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];

/** Money ticks: whole units on large scales, cents on small ones. */
export const moneyTicks: uPlot.Axis["values"] = (_plot, ticks) =>
  ticks.map((tick) => formatMoney(tick).replace(/\.00$/, ""));

/**
 * Time ticks (seconds) in the app's language: days on an axis of days; otherwise the time, with
 * seconds when ticks are closer than a minute, and the day under the first tick of each day.
 */
export const timeTicks = (_plot: uPlot, ticks: number[], _axis: number, _space: number, increment: number) =>
  ticks.map((tick, index) => {
    const at = tick * 1000;
    if (increment >= DAY) return formatDay(at);
    const time = increment < MINUTE ? formatTime(at) : formatClock(at);
    const previous = ticks[index - 1];
    const newDay = previous === undefined || formatDay(previous * 1000) !== formatDay(at);
    return newDay ? `${time}\n${formatDay(at)}` : time;
  });

/** A money value for the legend; "–" where the series has no point. */
export const moneyValue = (_plot: uPlot, value: number | null) => (value === null ? "–" : formatMoney(value));

/** The dashed "at this rate" line a projection draws beside the money it projects. */
export const projectionSeries = (theme: ChartTheme, label: string): uPlot.Series => ({
  label,
  stroke: theme.muted,
  width: 2,
  dash: [6, 4],
  spanGaps: true,
  value: moneyValue,
});

/** A time for the legend, in the app's language. */
export const timeValue = (_plot: uPlot, value: number | null) => (value === null ? "–" : formatMoment(value * 1000));

/** A vertical marker with a caption, e.g. when a budget resets; `at` in the x scale's unit (seconds). */
export function markerPlugin(at: number, caption: string, colour: string, font: string): uPlot.Plugin {
  return {
    hooks: {
      draw: (plot) => {
        const x = plot.valToPos(at, "x", true);
        const { top, height, left, width } = plot.bbox;
        if (x < left - 1 || x > left + width + 1) return;
        const { ctx } = plot;
        ctx.save();
        ctx.strokeStyle = colour;
        ctx.fillStyle = colour;
        ctx.lineWidth = devicePixelRatio;
        ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
        ctx.beginPath();
        ctx.moveTo(x, top);
        ctx.lineTo(x, top + height);
        ctx.stroke();
        ctx.font = font.replace(/^(\d+)px/, (_match, size: string) => `${Number(size) * devicePixelRatio}px`);
        // Low in the plot, left of the line: the budget's level line runs along the top.
        ctx.textAlign = "right";
        ctx.textBaseline = "bottom";
        ctx.fillText(caption, x - 4 * devicePixelRatio, top + height - 4 * devicePixelRatio);
        ctx.restore();
      },
    },
  };
}
