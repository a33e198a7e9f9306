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
 * A cost in two parts: "¥0.12" priced or measured; an estimate as its range, "≈ ¥0.0085" and
 * "– ¥0.12" (one part when the range rounds to one figure or has no upper bound); "free"; "—"
 * when nothing is known yet.
 */
export function costParts(
  { amount, low, high, kind }: CostFigures,
  words: CostWords,
): { readonly main: string; readonly rest: string | null } {
  if (kind === "free") return { main: words.free, rest: null };
  if (amount === null || kind === "unknown") return { main: words.unknown, rest: null };
  if (kind !== "estimated") return { main: formatMoney(amount), rest: null };
  const from = formatMoney(low ?? amount);
  const to = high === null ? from : formatMoney(high);
  return from === to ? { main: `≈ ${formatMoney(amount)}`, rest: null } : { main: `≈ ${from}`, rest: `– ${to}` };
}

/** A cost on one line: "¥0.12", "≈ ¥0.0085 – ¥0.12", "free" or "—". */
export function costLabel(figures: CostFigures, words: CostWords): string {
  const { main, rest } = costParts(figures, words);
  return rest === null ? main : `${main} ${rest}`;
}

/** A sum of money as any cost reads: plain when exact, its range when part of it is estimated. */
export const sumLabel = (sum: { amount: number; low: number; high: number }, estimated: boolean): string =>
  costLabel({ ...sum, kind: estimated ? "estimated" : "measured" }, { free: "", unknown: "" });

/** A reply's, task's or conversation's cost; null reads as unknown. */
export const costOf = (cost: Cost | null, words: CostWords): string => (cost ? costLabel(cost, words) : words.unknown);
