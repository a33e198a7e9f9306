import type { DatabaseSync } from "node:sqlite";
import type { Cost } from "../../../shared/ipc/ledger.ts";
import { allRows, onlyRow } from "../../common/sql-rows.ts";

type LinkColumn = "message_id" | "task_id" | "conversation_id";

interface CostRow {
  amount: number | null;
  refund: number | null;
  costed: number;
  estimated: number | null;
}

const AGGREGATE = `SUM(cost) AS amount, SUM(refund) AS refund, COUNT(cost) AS costed,
  MAX(cost_basis <> 'measured') AS estimated`;

/** Null until one of the calls has a cost; `estimated` as soon as any part is. */
function costOf(row: CostRow): Cost | null {
  if (row.costed === 0 || row.amount === null) return null;
  return { amount: row.amount, basis: row.estimated === 1 ? "estimated" : "measured", refund: row.refund };
}

/** What the paid calls linked to a reply, task or conversation cost, read from the ledger. */
export function ledgerCostOf(db: DatabaseSync, column: LinkColumn, id: string): Cost | null {
  return costOf(
    onlyRow<CostRow>(db.prepare(`SELECT ${AGGREGATE} FROM request_log WHERE ${column} = ? AND chargeable = 1`), id),
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
