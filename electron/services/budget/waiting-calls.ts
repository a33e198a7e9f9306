import type { DatabaseSync } from "node:sqlite";
import { allRows } from "../../common/sql-rows.ts";
import type { CallPricing } from "./call-pricing.ts";
import type { AttributedEvent, MoneyEvent } from "./movement-split.ts";
import { featuresOf } from "./price-fitting.ts";

/*
 * The app's paid calls whose cost or refund is still to be judged, as the ledger keeps them, and
 * the charges and refunds they are to a movement.
 */

export interface WaitingRow {
  id: number;
  kind: string;
  model: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  units: number | null;
  size: string | null;
  max_tokens: number | null;
  started_at: number;
  settled_at: number | null;
  attributed: number;
  cost: number | null;
  cost_kind: string;
  refund_pending: number;
  refund_from: number | null;
  refund_to: number | null;
}

export const WAITING_COLUMNS = `id, kind, model, input_tokens, output_tokens, units, size, max_tokens, started_at, settled_at,
  attributed, cost, cost_kind, refund_pending, refund_from, refund_to`;

export const callOf = (row: WaitingRow) => ({
  ...row,
  inputTokens: row.input_tokens,
  outputTokens: row.output_tokens,
  maxTokens: row.max_tokens,
});
export const featuresOfRow = (row: WaitingRow) => featuresOf(callOf(row));
/** Costs the ledger holds as one exact figure: a refund of them gives back just that. */
const EXACT_KINDS = ["priced", "measured"];

/** The profile's calls whose charge or refund no movement has judged yet. */
export function waitingRows(db: DatabaseSync, profileId: string): WaitingRow[] {
  return allRows<WaitingRow>(
    db.prepare(
      `SELECT ${WAITING_COLUMNS} FROM request_log
       WHERE profile_id = ? AND chargeable = 1 AND outside = 0 AND (attributed = 0 OR refund_pending = 1)`,
    ),
    profileId,
  );
}

/** A waiting call's charge, and its refund once the task failed or was cancelled. */
export function moneyEventsOf(row: WaitingRow, call: CallPricing): MoneyEvent[] {
  const events: MoneyEvent[] = [];
  if (row.attributed === 0) {
    const { estimate, priced, low, high, point } = call;
    events.push({
      id: `charge:${row.id}`,
      from: row.started_at,
      to: row.settled_at,
      sign: 1,
      estimate,
      point,
      priced,
      low,
      high,
    });
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a refund's start is written with its pending flag, and no refund is settled before its call
  if (row.refund_pending === 1 && row.refund_from !== null) {
    // A refund gives back what its call was booked at, so the call's net is nothing whatever its range.
    events.push({
      id: `refund:${row.id}`,
      from: row.refund_from,
      to: row.refund_to,
      sign: -1,
      estimate: row.cost ?? call.estimate ?? call.low,
      priced: row.cost === null ? call.priced : EXACT_KINDS.includes(row.cost_kind),
      ...(row.attributed === 0 ? { of: `charge:${row.id}` } : {}),
    });
  }
  return events;
}

/** The ledger row of a `charge:` or `refund:` event. */
export const idOf = (eventId: string) => Number(eventId.slice(eventId.indexOf(":") + 1));

/** Writes what a charge cost (the call is then attributed), or what a refund gave back. */
export function recordCost(db: DatabaseSync, event: AttributedEvent | Unknown): void {
  const id = idOf(event.id);
  if (event.id.startsWith("refund:")) {
    db.prepare("UPDATE request_log SET refund = ?, refund_pending = 0 WHERE id = ?").run(event.amount, id);
  } else {
    db.prepare(
      "UPDATE request_log SET cost = ?, cost_low = ?, cost_high = ?, cost_kind = ?, attributed = 1 WHERE id = ?",
    ).run(event.amount, event.low, event.high, event.kind, id);
  }
}

/** A call with nothing to price it by. */
export interface Unknown {
  readonly id: string;
  readonly amount: null;
  readonly low: null;
  readonly high: null;
  readonly kind: "unknown";
}
export const UNKNOWN = (id: string): Unknown => ({ id, amount: null, low: null, high: null, kind: "unknown" });
export const NO_PRICING: CallPricing = {
  estimate: null,
  priced: false,
  low: 0,
  high: null,
  point: null,
  fallback: null,
};

/**
 * What a call no movement measures is booked at: its price when the server's list gives it, else
 * its usage (or the tokens the app counted) at the prices in force, ≈ and within its bounds.
 */
export function unmeasured(id: string, amount: number | null, call: CallPricing): AttributedEvent | null {
  if (amount === null) return null;
  if (call.priced) return { id, amount, low: amount, high: amount, kind: "priced" };
  const point = Math.min(Math.max(amount, call.low), call.high ?? Infinity);
  return { id, amount: point, low: Math.min(call.low, point), high: call.high, kind: "estimated" };
}
