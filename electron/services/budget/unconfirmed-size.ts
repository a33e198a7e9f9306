import type { ModelPrice } from "../../../shared/ipc/ledger.ts";

/** How far a price of one size may be off at another, beyond the ratio of their areas, either way. */
const SIZE_MARGIN = 2;

const areaOf = (size: string | null): number | null => {
  const match = size === null ? null : /^(\d+)x(\d+)$/.exec(size);
  return match ? Number(match[1]) * Number(match[2]) : null;
};

/**
 * What a price of one size says of another before paying, as factors of it: [1, 1] where the price
 * holds (it names this size, or it names none and a charge confirmed it here); else from the
 * nearest size it holds at (or its own, or `fallback`), scaled by the ratio of their areas and wide
 * by a factor of two either way: a 1080p video may cost more than twice a 720p one, a smaller picture
 * a quarter.
 */
export function sizeFactors(
  price: ModelPrice,
  size: string,
  confirmed: readonly string[],
  fallback: string,
): readonly [number, number] {
  if (price.size === size || (price.size === null && confirmed.includes(size))) return [1, 1];
  const area = areaOf(size);
  const references = price.size === null ? (confirmed.length > 0 ? confirmed : [fallback]) : [price.size];
  const ratios = references.flatMap((reference) => {
    const referenceArea = areaOf(reference);
    return area === null || referenceArea === null ? [] : [area / referenceArea];
  });
  // The nearest size: the ratio closest to 1 either way.
  const ratio = ratios.reduce(
    (best, next) => (Math.abs(Math.log(next)) < Math.abs(Math.log(best)) ? next : best),
    ratios[0] ?? 1,
  );
  return [Math.min(1, ratio) / SIZE_MARGIN, Math.max(1, ratio) * SIZE_MARGIN];
}
