import type { DatabaseSync } from "node:sqlite";
import { inTransaction } from "../../common/sql-transaction.ts";
import { callPricing, pricingContextOf } from "./call-pricing.ts";
import { ConfirmedSizes } from "./confirmed-sizes.ts";
import type { PriceBook } from "./price-book.ts";
import { callOf, recordCost, UNKNOWN, unmeasured, waitingRows } from "./waiting-calls.ts";

/**
 * Costs on a server with no balance endpoint, where no reading can measure a call: each settled
 * paid call is what its prices say (the server's list or the user's times the usage it returned;
 * ≈ where only a price of another size or a guess says; unknown where no price does), and a refund
 * gives back what its call was booked at. True when a cost or refund was written.
 */
export function priceFromLists(db: DatabaseSync, prices: PriceBook, profileId: string): boolean {
  const context = pricingContextOf(prices, new ConfirmedSizes(db), profileId);
  let written = false;
  inTransaction(db, () => {
    for (const row of waitingRows(db, profileId)) {
      const call = callPricing(db, callOf(row), context);
      let booked = row.cost;
      if (row.attributed === 0 && row.settled_at !== null) {
        const charge = unmeasured(`charge:${row.id}`, call.fallback, call) ?? UNKNOWN(`charge:${row.id}`);
        recordCost(db, charge);
        booked = charge.amount;
        written = true;
      }
      if (row.refund_pending === 1 && row.refund_to !== null && booked !== null) {
        recordCost(db, { id: `refund:${row.id}`, amount: booked, low: booked, high: booked, kind: "priced" });
        written = true;
      }
    }
  });
  return written;
}
