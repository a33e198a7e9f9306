import type { ProjectionLine, Reading } from "./projection.ts";

/** The columns of a period chart: x in seconds, then used, budget and the projection (null where absent). */
type PeriodColumns = [number[], (number | null)[], (number | null)[], (number | null)[]];

/**
 * Lays out a period on one x axis in a single pass: used from 0 at the start through the readings
 * (oldest first, all before the reset), the budget as a level at every point, and the
 * projection from its first point to its last (at or before the reset).
 */
export function periodColumns(input: {
  readonly start: number;
  readonly reset: number;
  readonly budget: number;
  readonly readings: readonly Reading[];
  readonly line: ProjectionLine | null;
}): PeriodColumns {
  const { start, reset, budget, readings, line } = input;
  const columns: PeriodColumns = [[], [], [], []];
  const [xs, used, levels, projected] = columns;
  const put = (at: number, value: { used?: number; projected?: number }) => {
    const x = at / 1000;
    if (xs.at(-1) !== x) {
      xs.push(x);
      used.push(null);
      levels.push(budget);
      projected.push(null);
    }
    const last = xs.length - 1;
    if (value.used !== undefined) used[last] = value.used;
    if (value.projected !== undefined) projected[last] = value.projected;
  };
  put(start, { used: 0 });
  for (const reading of readings) {
    if (reading.at < start) continue;
    put(reading.at, {
      used: reading.value,
      ...(line && reading.at === line.from.at ? { projected: line.from.value } : {}),
    });
  }
  if (line && line.to.at < reset) put(line.to.at, { projected: line.to.value });
  put(reset, line && line.to.at >= reset ? { projected: line.to.value } : {});
  return columns;
}
