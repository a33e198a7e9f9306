import type { ModelPrice, PriceUnit } from "../../../shared/ipc/prices.ts";

/**
 * The price in force for a model's unit: at this size, else without size, else at any size (a
 * price learned at one size stands for the others until they are seen).
 */
export function priceOf(
  prices: readonly ModelPrice[],
  model: string,
  unit: PriceUnit,
  size: string | null,
): ModelPrice | null {
  const ofUnit = prices.filter((price) => price.model === model && price.unit === unit);
  return (
    ofUnit.find((price) => price.size === size) ?? ofUnit.find((price) => price.size === null) ?? ofUnit[0] ?? null
  );
}
