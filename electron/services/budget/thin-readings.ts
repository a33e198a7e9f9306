/** Readings of the last two days are all kept: the day's chart and the hour's burn rate need each one. */
export const FULL_DETAIL_MS = 48 * 3600 * 1000;
/** Older readings are thinned to about this many, plenty for a chart a few hundred pixels wide. */
const OLDER_READINGS_MAX = 1000;

/**
 * Keeps every reading from `fullSince` on and, before it, the last reading of each of at most
 * `maxOlder` equal time buckets (the last, so a step of the balance or of a budget's use keeps
 * its level). `readings` are oldest first.
 */
export function thinReadings<Reading extends { readonly at: number }>(
  readings: readonly Reading[],
  fullSince: number,
  maxOlder = OLDER_READINGS_MAX,
): Reading[] {
  const firstFull = readings.findIndex((reading) => reading.at >= fullSince);
  const older = firstFull === -1 ? readings : readings.slice(0, firstFull);
  const recent = firstFull === -1 ? [] : readings.slice(firstFull);
  const first = older[0];
  if (older.length <= maxOlder || first === undefined) return [...older, ...recent];
  const bucketMs = Math.max(1, (fullSince - first.at) / maxOlder);
  const kept: Reading[] = [];
  older.forEach((reading, index) => {
    const next = older[index + 1];
    const bucket = Math.floor((reading.at - first.at) / bucketMs);
    if (next === undefined || Math.floor((next.at - first.at) / bucketMs) !== bucket) kept.push(reading);
  });
  return [...kept, ...recent];
}
