import type { ModelPrice, PriceUnit } from "../../../shared/ipc/prices.ts";
import { nonNegativeLeastSquares } from "./nnls.ts";
import { priceOf } from "./price-lookup.ts";
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

const keyOf = (feature: Feature) => JSON.stringify([feature.model, feature.unit, feature.size]);

/** What prices in force say a call costs, or null when one of its quantities has no price. */
export function estimateOf(features: readonly Feature[] | null, prices: readonly ModelPrice[]): number | null {
  if (!features) return null;
  let total = 0;
  for (const feature of features) {
    const price = priceOf(prices, feature.model, feature.unit, feature.size);
    if (!price) return null;
    total += price.price * feature.quantity;
  }
  return total;
}

/** A movement this many movements older weighs half as much: prices follow what the key pays now. */
const RECENCY_HALF_LIFE = 40;
/** Residuals beyond this many robust deviations (and beyond 2 % of the movement) are outliers. */
const OUTLIER_DEVIATIONS = 4;

/**
 * Fits each model's prices to the observed movements, newest first: least squares with prices
 * kept ≥ 0, recent movements weighing more, and movements the first fit cannot explain left out of
 * the second. `observations` of a price counts the calls of its model that the fit rests on.
 */
export function fitPrices(observations: readonly PriceObservation[], prior: readonly ModelPrice[]): LearnedPrice[] {
  const index = new Map<string, Feature>();
  for (const observation of observations) {
    for (const call of observation.calls) for (const feature of call.features) index.set(keyOf(feature), feature);
  }
  const features = [...index.values()];
  const position = new Map([...index.keys()].map((key, i) => [key, i]));
  const rows = observations.map((observation) => {
    const row = new Array<number>(features.length).fill(0);
    for (const call of observation.calls) {
      for (const feature of call.features) {
        const at = position.get(keyOf(feature)) ?? 0;
        row[at] = (row[at] ?? 0) + call.sign * feature.quantity;
      }
    }
    return row;
  });
  const targets = observations.map((observation) => observation.amount);
  const weights = observations.map((_, age) => 0.5 ** (age / RECENCY_HALF_LIFE));
  // The prices in force count as one movement more: a fit resting on a few calls stays near them.
  features.forEach((feature, j) => {
    const price = priceOf(prior, feature.model, feature.unit, feature.size);
    if (!price) return;
    const quantities = rows.filter((row) => row[j]).map((row) => Math.abs(row[j] ?? 0));
    // Stryker disable next-line ArithmeticOperator: minus the typical quantity makes the same equation
    const total = quantities.reduce((sum, quantity) => sum + quantity, 0);
    const typical = total / Math.max(1, quantities.length);
    rows.push(features.map((_, k) => (k === j ? typical : 0)));
    targets.push(typical * price.price);
    weights.push(1);
  });
  const first = weightedFit(rows, targets, weights);
  const residuals = rows.map((row, i) => Math.abs(dot(row, first) - (targets[i] ?? 0)));
  const spread = 1.4826 * median(residuals);
  const kept = weights.map((weight, i) => {
    const bound = Math.max(OUTLIER_DEVIATIONS * spread, 0.02 * Math.abs(targets[i] ?? 0));
    // Stryker disable next-line EqualityOperator,ArithmeticOperator: the 1e-9 only keeps float noise from making a movement of nothing, which a fit meets exactly, an outlier
    return (residuals[i] ?? 0) > bound + 1e-9 ? 0 : weight;
  });
  const solution = weightedFit(rows, targets, kept);
  const callsOf = new Map<string, number>();
  observations.forEach((observation, i) => {
    if (kept[i] === 0) return;
    for (const call of observation.calls) {
      // A refund gives back a call counted where it was charged.
      if (call.sign === -1) continue;
      for (const model of new Set(call.features.map((feature) => feature.model))) {
        callsOf.set(model, (callsOf.get(model) ?? 0) + 1);
      }
    }
  });
  return features.map((feature, i) => ({
    model: feature.model,
    unit: feature.unit,
    size: feature.size,
    price: solution[i] ?? 0,
    observations: callsOf.get(feature.model) ?? 0,
  }));
}

function weightedFit(rows: readonly number[][], targets: readonly number[], weights: readonly number[]): number[] {
  const root = weights.map(Math.sqrt);
  return nonNegativeLeastSquares(
    rows.map((row, i) => row.map((value) => value * (root[i] ?? 0))),
    targets.map((target, i) => target * (root[i] ?? 0)),
  );
}

const dot = (row: readonly number[], x: readonly number[]) =>
  row.reduce((sum, value, j) => sum + value * (x[j] ?? 0), 0);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
