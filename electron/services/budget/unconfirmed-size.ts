import type { ModelPrice } from "../../../shared/ipc/prices.ts";

/** How far a price of one size may be off at another, beyond the ratio of their areas, either way. */
const SIZE_MARGIN = 2;

const areaOf = (size: string | null): number | null => {
  const match = size === null ? null : /^(\d+)x(\d+)$/.exec(size);
  return match ? Number(match[1]) * Number(match[2]) : null;
};

/** The price holds at this size: it names it, or it names none and a charge confirmed it there. */
const holdsAt = (price: ModelPrice, size: string | null, confirmed: readonly string[]) =>
  price.size === size || (price.size === null && size !== null && confirmed.includes(size));

/** The ratio of a size's area to the nearest of `references` (the ratio closest to 1 either way); null when none compares. */
function nearestRatio(size: string | null, references: readonly string[]): number | null {
  const area = areaOf(size);
  const ratios = references.flatMap((reference) => {
    const referenceArea = areaOf(reference);
    return area === null || referenceArea === null ? [] : [area / referenceArea];
  });
  if (ratios.length === 0) return null;
  return ratios.reduce((best, next) => (Math.abs(Math.log(next)) < Math.abs(Math.log(best)) ? next : best));
}

/**
 * The best guess of a price at a size, as a factor of it: 1 where it holds; else the ratio of the
 * areas to the nearest size it holds at (a larger picture costs more); 1 when it holds at none.
 */
export function sizeScale(price: ModelPrice, size: string | null, confirmed: readonly string[]): number {
  if (holdsAt(price, size, confirmed)) return 1;
  return nearestRatio(size, price.size === null ? confirmed : [price.size]) ?? 1;
}

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
  if (holdsAt(price, size, confirmed)) return [1, 1];
  const references = price.size === null ? (confirmed.length > 0 ? confirmed : [fallback]) : [price.size];
  const ratio = nearestRatio(size, references) ?? 1;
  return [Math.min(1, ratio) / SIZE_MARGIN, Math.max(1, ratio) * SIZE_MARGIN];
}
