import type { DatabaseSync } from "node:sqlite";
import type { ModelPrice } from "../../../shared/ipc/prices.ts";
import { MessageMetaSchema } from "../../../shared/ipc/chat.ts";
import { oneRow } from "../../common/sql-rows.ts";
import { readStoredColumn } from "../store/stored-json.ts";
import { estimateOf, featuresOf, type Feature, type PricedCall } from "./price-fitting.ts";
import type { ConfirmedSizes, SizesConfirmed } from "./confirmed-sizes.ts";
import type { PriceBook } from "./price-book.ts";
import { priceOf } from "./price-lookup.ts";
import { sizeScale } from "./unconfirmed-size.ts";

/** What the prices can say of one call before any movement is read. */
export interface CallPricing {
  /** What trusted or confirmed prices say it cost; null when they cannot tell. */
  readonly estimate: number | null;
  /** The estimate is the server's published price (or the user's) times the usage the server reported. */
  readonly priced: boolean;
  /** The least it can have cost: its usage at the lowest trusted price ever seen, or 0. */
  readonly low: number;
  /** The most it can have cost, when something bounds it (a stopped reply: its max_tokens); else null. */
  readonly high: number | null;
  /**
   * Where the estimate is a price of another size: the best guess of the cost, the price scaled to
   * this size's area (unconfirmed-size.ts); else the estimate.
   */
  readonly point: number | null;
  /** For a call no movement measures: its usage (or the tokens the app counted) at the prices in force. */
  readonly fallback: number | null;
}

/** What a run prices calls by. */
export interface PricingContext {
  /** The prices in force. */
  readonly prices: readonly ModelPrice[];
  /** The lowest price the server listed (or the user set) for each unit so far. */
  readonly lowest: readonly ModelPrice[];
  /** Where prices listed without a size were confirmed by a charge. */
  readonly sizes: SizesConfirmed;
}

/** What a profile's calls are priced by now. */
export function pricingContextOf(prices: PriceBook, sizes: ConfirmedSizes, profileId: string): PricingContext {
  return {
    prices: prices.prices(profileId),
    lowest: prices.history.lowestTrusted(profileId),
    sizes: sizes.of(profileId),
  };
}

/** A call as the ledger keeps it, with the output its request allowed. */
export interface LedgerCall extends PricedCall {
  readonly id: number;
  readonly maxTokens: number | null;
}

/**
 * Counted tokens are the app's own (its tokenizer may not be the server's, and the server read more
 * than the app before the stream closed). A token is at least one byte and a character at most
 * four, so four times the count bounds the input; half the count stays under what was delivered.
 */
const INPUT_COUNT_SLACK = 4;
const OUTPUT_COUNT_SHARE = 0.5;

/** Prices confirmed by at least this many calls per price of the model tell a call from other spend. */
const CALLS_PER_PRICE_TO_CONFIRM = 3;

/** The estimate, bounds and kind of a call from its model's prices. */
export function callPricing(
  db: DatabaseSync,
  call: LedgerCall,
  { prices, lowest, sizes }: PricingContext,
): CallPricing {
  const features = featuresOf(call);
  if (features) {
    // A price of another size is a guess (a smaller picture may cost a quarter): it estimates, it never measures.
    const ofTheirSizes = atTheirSizes(prices, features);
    const estimate = estimateOf(features, ofTheirSizes);
    const priced = estimate !== null && features.every((feature) => trustedPrice(prices, feature, sizes));
    // The least stays the lowest price ever listed: a list out of date may be above what the server charges now.
    const low = leastOf(features, lowest);
    if (priced) return { estimate, priced, low, high: estimate, point: estimate, fallback: estimate };
    // A price learned from few calls may still be settling: it cannot tell other spend from a call.
    const settled = learnedFromFewCalls(prices, call.model) ? null : estimate;
    return {
      estimate: settled,
      priced,
      low,
      high: null,
      point: settled === null ? null : guessOf(features, ofTheirSizes, sizes),
      fallback: guessOf(features, prices, sizes),
    };
  }
  const counted = countedTokensOf(db, call.id);
  const read = counted && featuresOf({ ...call, ...counted });
  if (!counted || !read) return { estimate: null, priced: false, low: 0, high: null, point: null, fallback: null };
  const least = featuresOf({
    ...call,
    inputTokens: 0,
    outputTokens: Math.floor(counted.outputTokens * OUTPUT_COUNT_SHARE),
  });
  const most =
    call.maxTokens === null
      ? null
      : featuresOf({ ...call, inputTokens: counted.inputTokens * INPUT_COUNT_SLACK, outputTokens: call.maxTokens });
  const trusted = prices.filter((price) => price.source !== "learned");
  return {
    estimate: null,
    priced: false,
    low: least ? leastOf(least, lowest) : 0,
    high: most ? estimateOf(most, trusted) : null,
    point: null,
    fallback: estimateOf(read, prices),
  };
}

/** The prices at the sizes of these quantities, or for every size. */
const atTheirSizes = (prices: readonly ModelPrice[], features: readonly Feature[]) =>
  prices.filter(
    (price) =>
      price.size === null ||
      features.some(
        (feature) => feature.model === price.model && feature.unit === price.unit && feature.size === price.size,
      ),
  );

/**
 * A price the server listed (or the user set) at the call's size, or without a size where that
 * holds (a unit of no size, or a size a charge confirmed); never one of another size.
 */
function trustedPrice(prices: readonly ModelPrice[], feature: Feature, sizes: SizesConfirmed): boolean {
  const price = priceOf(prices, feature.model, feature.unit, feature.size);
  if (price === null || price.source === "learned") return false;
  return price.size === feature.size || (price.size === null && sizes.holds(feature));
}

/** What the prices say a call costs, each scaled to its quantity's size where it does not hold there; null when one has none. */
function guessOf(features: readonly Feature[], prices: readonly ModelPrice[], sizes: SizesConfirmed): number | null {
  let total = 0;
  for (const feature of features) {
    const price = priceOf(prices, feature.model, feature.unit, feature.size);
    if (!price) return null;
    total += price.price * feature.quantity * sizeScale(price, feature.size, sizes.at(feature.model, feature.unit));
  }
  return total;
}

/**
 * Each priced quantity at its lowest trusted price at exactly its size; a quantity with none adds
 * nothing (a price of another size bounds nothing: a smaller picture may cost a quarter).
 */
function leastOf(features: readonly Feature[], lowest: readonly ModelPrice[]): number {
  return features.reduce((sum, feature) => {
    const price = lowest.find(
      (candidate) =>
        candidate.model === feature.model && candidate.unit === feature.unit && candidate.size === feature.size,
    );
    return sum + (price?.price ?? 0) * feature.quantity;
  }, 0);
}

function learnedFromFewCalls(prices: readonly ModelPrice[], model: string | null): boolean {
  const own = prices.filter((price) => price.model === model);
  return own.some(
    (price) => price.source === "learned" && price.observations < CALLS_PER_PRICE_TO_CONFIRM * own.length,
  );
}

/**
 * The tokens the app counted in a stopped reply, by its own tokenizer. The ledger keeps the gateway's
 * counts only (a stopped stream was sent more than the app read), so these serve for bounds alone.
 */
function countedTokensOf(db: DatabaseSync, callId: number): { inputTokens: number; outputTokens: number } | null {
  const row = oneRow<{ meta: string | null }>(
    db.prepare(
      `SELECT messages.meta FROM request_log JOIN messages ON messages.id = request_log.message_id
       WHERE request_log.id = ?`,
    ),
    callId,
  );
  const meta = readStoredColumn(row?.meta, MessageMetaSchema);
  if (!meta?.tokensEstimated || meta.inputTokens === null || meta.outputTokens === null) return null;
  return { inputTokens: meta.inputTokens, outputTokens: meta.outputTokens };
}
