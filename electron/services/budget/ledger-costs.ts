import type { DatabaseSync } from "node:sqlite";
import type { Cost } from "../../../shared/ipc/ledger.ts";
import { onlyRow } from "../../common/sql-rows.ts";

type LinkColumn = "message_id" | "task_id" | "conversation_id";

/**
 * What the paid calls linked to a reply, task or conversation cost, read from the ledger: null
 * until one of them has a cost; `estimated` as soon as any part is.
 */
export function ledgerCostOf(db: DatabaseSync, column: LinkColumn, id: string): Cost | null {
  const row = onlyRow<{ amount: number | null; refund: number | null; costed: number; estimated: number | null }>(
    db.prepare(
      `SELECT SUM(cost) AS amount, SUM(refund) AS refund, COUNT(cost) AS costed,
              MAX(cost_basis <> 'measured') AS estimated
       FROM request_log WHERE ${column} = ? AND chargeable = 1`,
    ),
    id,
  );
  if (row.costed === 0 || row.amount === null) return null;
  return { amount: row.amount, basis: row.estimated === 1 ? "estimated" : "measured", refund: row.refund };
}
