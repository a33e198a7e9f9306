import type { Cost, CostKind } from "../../../shared/ipc/ledger.ts";
import { formatMoney } from "./format.ts";

/** Words a cost can read as, in the UI's language. */
interface CostWords {
  readonly free: string;
  readonly unknown: string;
}

/** A cost as the ledger keeps it: the figure totals add, the range that holds it, and where it comes from. */
interface CostFigures {
  readonly amount: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly kind: CostKind;
}

/**
 * "¥0.12" priced or measured; an estimate as its range, "≈ ¥0.0085 – ¥0.12" (or "≈ ¥0.12" when the
 * range rounds to one figure or has no upper bound); "free"; "—" when nothing is known yet.
 */
export function costLabel({ amount, low, high, kind }: CostFigures, words: CostWords): string {
  if (kind === "free") return words.free;
  if (amount === null || kind === "unknown") return words.unknown;
  if (kind !== "estimated") return formatMoney(amount);
  const from = formatMoney(low ?? amount);
  const to = high === null ? from : formatMoney(high);
  return from === to ? `≈ ${formatMoney(amount)}` : `≈ ${from} – ${to}`;
}

/** A reply's, task's or conversation's cost; null reads as unknown. */
export const costOf = (cost: Cost | null, words: CostWords): string => (cost ? costLabel(cost, words) : words.unknown);
