import type uPlot from "uplot";

/** The last point where the first data series has a value: "now" on a chart that also looks ahead. */
function latestIndex(plot: uPlot): number | null {
  const values = plot.data[1];
  if (!values) return null;
  for (let index = values.length - 1; index >= 0; index--) if (values[index] != null) return index;
  return null;
}

function showLatest(plot: uPlot): void {
  const index = latestIndex(plot);
  if (index !== null) plot.setLegend({ idx: index }, false);
}

/**
 * The legend shows the latest figures while the pointer is elsewhere, rather than dashes: hovering
 * is then for looking back, not for seeing anything at all.
 */
export const restingLegend: uPlot.Plugin = {
  hooks: {
    ready: showLatest,
    setData: showLatest,
    setCursor: (plot) => {
      if (plot.cursor.idx == null) showLatest(plot);
    },
  },
};
