import type { DatabaseSync } from "node:sqlite";
import type { Cost } from "../../../shared/ipc/ledger.ts";
import { allRows, onlyRow } from "../../common/sql-rows.ts";

type LinkColumn = "message_id" | "task_id" | "conversation_id";

interface CostRow {
  amount: number | null;
  low: number | null;
  high: number | null;
  unbounded: number;
  refund: number | null;
  costed: number;
  estimated: number | null;
  priced: number | null;
}

/** A range adds up as ranges do; one part with no upper bound (or no cost yet) leaves the whole without one. */
const AGGREGATE = `SUM(cost) AS amount, SUM(COALESCE(cost_low, cost)) AS low, SUM(COALESCE(cost_high, cost)) AS high,
  SUM(cost_high IS NULL AND cost_kind IN ('estimated', 'unknown')) AS unbounded,
  SUM(refund) AS refund, COUNT(cost) AS costed,
  MAX(cost_kind NOT IN ('measured', 'priced', 'free')) AS estimated,
  MAX(cost_kind = 'priced') AS priced`;

/** Null until one of the calls has a cost; ≈ as soon as any part is, priced when a part is and none is ≈. */
function costOf(row: CostRow): Cost | null {
  if (row.costed === 0 || row.amount === null) return null;
  const kind = row.estimated === 1 ? "estimated" : row.priced === 1 ? "priced" : "measured";
  const high = row.unbounded > 0 ? null : (row.high ?? row.amount);
  return { amount: row.amount, low: row.low ?? row.amount, high, kind, refund: row.refund };
}

/** What the paid calls linked to a reply, task or conversation cost, read from the ledger. */
export function ledgerCostOf(db: DatabaseSync, column: LinkColumn, id: string): Cost | null {
  return costOf(
    onlyRow<CostRow>(db.prepare(`SELECT ${AGGREGATE} FROM request_log WHERE ${column} = ? AND chargeable = 1`), id),
  );
}

/** The cost of each conversation's calls, in one query. */
export function ledgerCostsByConversation(db: DatabaseSync): Map<string, Cost> {
  const rows = allRows<CostRow & { conversation_id: string }>(
    db.prepare(
      `SELECT conversation_id, ${AGGREGATE} FROM request_log
       WHERE chargeable = 1 AND conversation_id IS NOT NULL GROUP BY conversation_id`,
    ),
  );
  return new Map(
    rows.flatMap((row) => {
      const cost = costOf(row);
      return cost ? [[row.conversation_id, cost] as const] : [];
    }),
  );
}

/** The cost of each reply of a conversation, in one query. */
export function ledgerCostsByMessage(db: DatabaseSync, conversationId: string): Map<string, Cost> {
  const rows = allRows<CostRow & { message_id: string }>(
    db.prepare(
      `SELECT message_id, ${AGGREGATE} FROM request_log
       WHERE conversation_id = ? AND chargeable = 1 AND message_id IS NOT NULL GROUP BY message_id`,
    ),
    conversationId,
  );
  return new Map(
    rows.flatMap((row) => {
      const cost = costOf(row);
      return cost ? [[row.message_id, cost] as const] : [];
    }),
  );
}
