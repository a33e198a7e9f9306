import type { DatabaseSync } from "node:sqlite";
import type { Cost } from "../../../shared/ipc/ledger.ts";
import { allRows, oneRow, onlyRow } from "../../common/sql-rows.ts";
import { inTransaction } from "../../common/sql-transaction.ts";

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

/** A conversation whose cost is not kept: never summed, or dropped by the ledger's triggers (conversation-costs-step.ts). */
const UNKEPT = "NOT EXISTS (SELECT 1 FROM conversation_costs k WHERE k.conversation_id = c.id)";
const SUM_UNKEPT = `INSERT INTO conversation_costs SELECT conversation_id, ${AGGREGATE} FROM request_log
  WHERE chargeable = 1 AND conversation_id IN (SELECT id FROM conversations c WHERE ${UNKEPT}) GROUP BY conversation_id`;
const NONE_LINKED = `INSERT INTO conversation_costs (conversation_id, costed) SELECT id, 0 FROM conversations c WHERE ${UNKEPT}`;

/** Sums the costs not kept; writes nothing (nor waits to) when every one is. */
function keepCosts(db: DatabaseSync): void {
  if (oneRow(db.prepare(`SELECT 1 FROM conversations c WHERE ${UNKEPT} LIMIT 1`)) === undefined) return;
  inTransaction(db, () => {
    db.prepare(SUM_UNKEPT).run();
    db.prepare(NONE_LINKED).run();
  });
}

/**
 * What each conversation's calls cost (those with none left out), `ids` alone or all: kept per
 * conversation, each summed from the ledger once after its calls last changed.
 */
export function conversationCosts(db: DatabaseSync, ids?: readonly string[]): Map<string, Cost> {
  keepCosts(db);
  const rows = allRows<CostRow & { conversation_id: string }>(
    db.prepare(
      `SELECT * FROM conversation_costs WHERE costed > 0
         AND (?1 IS NULL OR conversation_id IN (SELECT value FROM json_each(?1)))`,
    ),
    ids ? JSON.stringify(ids) : null,
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
