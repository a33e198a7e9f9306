import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { PriceUnitSchema, type ModelPrice } from "../../../shared/ipc/prices.ts";
import { allRows } from "../../common/sql-rows.ts";
import { readStoredJson } from "../store/stored-json.ts";
import { estimateOf, type PriceObservation } from "./price-fitting.ts";

/** Prices are fitted to this many of the latest movements the app's calls explain. */
const FIT_WINDOW = 500;

const FeatureSchema = z.object({
  model: z.string(),
  unit: PriceUnitSchema,
  size: z.string().nullable(),
  quantity: z.number(),
});
const StoredCallsSchema = z.array(
  z.object({ features: z.array(FeatureSchema), sign: z.union([z.literal(1), z.literal(-1)]) }),
);

/** The latest movements of a profile's key that the app's own calls explain, newest first. */
export function explainedObservations(db: DatabaseSync, profileId: string): PriceObservation[] {
  const rows = allRows<{ amount: number; calls: string }>(
    db.prepare(
      "SELECT amount, calls FROM price_observations WHERE profile_id = ? AND explained = 1 ORDER BY id DESC LIMIT ?",
    ),
    profileId,
    FIT_WINDOW,
  );
  return rows.flatMap((row) => {
    const calls = readStoredJson(row.calls, StoredCallsSchema, null);
    return calls ? [{ amount: row.amount, calls }] : [];
  });
}

/** What the prices in force say a stored movement's calls cost (a refund counted against it), or null. */
export function estimateOfStoredCalls(calls: string, prices: readonly ModelPrice[]): number | null {
  const stored = readStoredJson(calls, StoredCallsSchema, null);
  if (!stored) return null;
  let total = 0;
  for (const call of stored) {
    const estimate = estimateOf(call.features, prices);
    if (estimate === null) return null;
    total += call.sign * estimate;
  }
  return total;
}
