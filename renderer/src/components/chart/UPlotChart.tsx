import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./chart.css";
import { restingLegend } from "./resting-legend.ts";

export type ChartOptions = Omit<uPlot.Options, "width" | "height">;

interface UPlotChartProps {
  /** A new object re-creates the chart (series, axes or theme changed); keep it memoised otherwise. */
  readonly options: ChartOptions;
  readonly data: uPlot.AlignedData;
  readonly height: number;
  /** What the chart shows, for assistive technology; the figures are also in the text next to it. */
  readonly label: string;
}

/** One uPlot canvas: created and destroyed with its options, fed new data in place, as wide as its box. */
export function UPlotChart({ options, data, height, label }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latestData = useRef(data);

  // Declared first so that, when options and data change together, the new chart starts with the new data.
  useEffect(() => {
    latestData.current = data;
    chart.current?.setData(data);
  }, [data]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    // Each chart is drawn in a task of its own, after the pane's render, so opening a pane of
    // several charts never makes one long task.
    const timer = setTimeout(() => {
      const created = new uPlot(
        { ...options, width: element.clientWidth, height, plugins: [...(options.plugins ?? []), restingLegend] },
        latestData.current,
        element,
      );
      plot = created;
      chart.current = created;
      observer = new ResizeObserver(() => {
        if (element.clientWidth !== created.width) created.setSize({ width: element.clientWidth, height });
      });
      observer.observe(element);
    });
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
      plot?.destroy();
      chart.current = null;
    };
  }, [options, height]);

  return <div ref={box} className="chart" role="figure" aria-label={label} />;
}
