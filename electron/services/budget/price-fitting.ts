import type { ModelPrice, PriceUnit } from "../../../shared/ipc/ledger.ts";
import { PriceUnitSchema } from "../../../shared/ipc/ledger.ts";
import { nonNegativeLeastSquares } from "./nnls.ts";
import type { LearnedPrice } from "./price-book.ts";

/** One priced quantity of a call: so many calls, 1k tokens, images or seconds of a model (at a size). */
export interface Feature {
  readonly model: string;
  readonly unit: PriceUnit;
  readonly size: string | null;
  readonly quantity: number;
}

/** What the ledger knows of a paid call. */
export interface PricedCall {
  readonly kind: string;
  readonly model: string | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly units: number | null;
  readonly size: string | null;
}

/** A balance movement and the calls behind it; a refunded call counts with sign −1. */
export interface PriceObservation {
  readonly amount: number;
  readonly calls: readonly { readonly features: readonly Feature[]; readonly sign: 1 | -1 }[];
}

/**
 * What a call is priced by: text by call and by 1k input and output tokens, images per image and
 * videos per second, each at its size. Null when the ledger lacks what the price depends on.
 */
export function featuresOf(call: PricedCall): Feature[] | null {
  const { model } = call;
  if (model === null) return null;
  if (call.kind === "chat" || call.kind === "search") {
    if (call.inputTokens === null || call.outputTokens === null) return null;
    return [
      { model, unit: "call", size: null, quantity: 1 },
      { model, unit: "input_1k", size: null, quantity: call.inputTokens / 1000 },
      { model, unit: "output_1k", size: null, quantity: call.outputTokens / 1000 },
    ];
  }
  if ((call.kind === "image" || call.kind === "video") && call.units !== null) {
    return [{ model, unit: call.kind === "image" ? "image" : "video_second", size: call.size, quantity: call.units }];
  }
  return null;
}

const keyOf = (feature: { model: string; unit: string; size: string | null }) =>
  `${feature.model}\u0000${feature.unit}\u0000${feature.size ?? ""}`;

/** What prices in force say a call costs, or null when one of its quantities has no price. */
export function estimateOf(features: readonly Feature[] | null, prices: readonly ModelPrice[]): number | null {
  if (!features) return null;
  let total = 0;
  for (const feature of features) {
    const ofUnit = prices.filter((price) => price.model === feature.model && price.unit === feature.unit);
    const price = ofUnit.find((candidate) => candidate.size === feature.size) ?? ofUnit[0];
    if (!price) return null;
    total += price.price * feature.quantity;
  }
  return total;
}

/**
 * Fits each model's prices to the observed movements: least squares with prices kept ≥ 0.
 * `observations` of a price counts the calls of its model that the fit rests on.
 */
export function fitPrices(observations: readonly PriceObservation[]): LearnedPrice[] {
  const index = new Map<string, Feature>();
  for (const observation of observations) {
    for (const call of observation.calls) for (const feature of call.features) index.set(keyOf(feature), feature);
  }
  const keys = [...index.keys()];
  if (keys.length === 0) return [];
  const position = new Map(keys.map((key, i) => [key, i]));
  const rows = observations.map((observation) => {
    const row = new Array<number>(keys.length).fill(0);
    for (const call of observation.calls) {
      for (const feature of call.features) {
        const at = position.get(keyOf(feature)) ?? 0;
        row[at] = (row[at] ?? 0) + call.sign * feature.quantity;
      }
    }
    return row;
  });
  const solution = nonNegativeLeastSquares(
    rows,
    observations.map((observation) => observation.amount),
  );
  const callsOf = new Map<string, number>();
  for (const observation of observations) {
    for (const call of observation.calls) {
      const model = call.features[0]?.model;
      if (model !== undefined && call.sign === 1) callsOf.set(model, (callsOf.get(model) ?? 0) + 1);
    }
  }
  return keys.flatMap((key, i) => {
    const feature = index.get(key);
    const unit = PriceUnitSchema.safeParse(feature?.unit);
    if (!feature || !unit.success) return [];
    return [
      {
        model: feature.model,
        unit: unit.data,
        size: feature.size,
        price: solution[i] ?? 0,
        observations: callsOf.get(feature.model) ?? 0,
      },
    ];
  });
}
