/**
 * A y range around `[low, high]` that never stretches a tiny change across the whole height: the
 * range spans at least `minShare` of the larger magnitude (and `minSpan`), with headroom, and stays
 * at or above zero for values that are.
 */
export function valueRange(low: number, high: number, minShare = 0.05, minSpan = 1): [number, number] {
  const span = Math.max(high - low, Math.max(Math.abs(low), Math.abs(high)) * minShare, minSpan);
  const middle = (low + high) / 2;
  const bottom = middle - span * 0.6;
  const floor = low >= 0 ? Math.max(0, bottom) : bottom;
  return [floor, floor + span * 1.2];
}
