import type { Cost, CostBasis } from "../../../shared/ipc/ledger.ts";
import { formatMoney } from "./format.ts";

/** Words a cost can read as, in the UI's language. */
interface CostWords {
  readonly free: string;
  readonly unknown: string;
}

/** "¥0.12" measured, "≈ ¥0.12" estimated, "free", or "—" when nothing is known yet. */
export function costLabel(amount: number | null, basis: CostBasis, words: CostWords): string {
  if (basis === "free") return words.free;
  if (amount === null || basis === "unknown") return words.unknown;
  return `${basis === "estimated" ? "≈ " : ""}${formatMoney(amount)}`;
}

/** A reply's, task's or conversation's cost; null reads as unknown. */
export const costOf = (cost: Cost | null, words: CostWords): string =>
  cost ? costLabel(cost.amount, cost.basis, words) : words.unknown;
