let printed: string | null = null;

/** One figure of a benchmark run, printed as one JSON line so runs can be compared. */
export function report(name: string, value: number, unit: string): void {
  console.log(JSON.stringify({ name, value: Math.round(value * 1000) / 1000, unit }));
  printed = name;
}

/** The name of the last figure printed in this run; null before any. */
export const lastFigure = (): string | null => printed;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median time (ms) `work` takes over `runs` runs in a row. */
export function medianMs(runs: number, work: () => unknown): number {
  return median(
    Array.from({ length: runs }, () => {
      const started = performance.now();
      work();
      return performance.now() - started;
    }),
  );
}

/** The nearest-rank percentile `p` (0-100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** A figure measured at two sizes: its key in the measurements, its name at the large size, its baseline's name, its unit. */
export type ScaledFigure<K extends string> = readonly [key: K, name: string, baseline: string, unit: string];

/** Each figure's baseline, measured at today's size (printed before the large size is measured). */
export function reportBaselines<K extends string>(
  figures: readonly ScaledFigure<K>[],
  today: Readonly<Record<K, number>>,
): void {
  for (const [key, , baseline, unit] of figures) report(baseline, today[key], unit);
}

/** Each figure at the large size and its growth over the baseline (1 when both are equal, 0 included). */
export function reportScaled<K extends string>(
  figures: readonly ScaledFigure<K>[],
  today: Readonly<Record<K, number>>,
  large: Readonly<Record<K, number>>,
): void {
  for (const [key, name, , unit] of figures) {
    report(name, large[key], unit);
    report(`${name}_growth`, large[key] === today[key] ? 1 : large[key] / today[key], "x");
  }
}
