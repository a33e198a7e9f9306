/** The ledger's columns a conversation's cost is summed from (ledger-costs.ts). */
const COST_COLUMNS = "conversation_id, chargeable, cost, cost_low, cost_high, cost_kind, refund";

/**
 * What each conversation's paid calls cost, as `ledgerCostOf` sums them, kept so the conversation
 * list reads one row per conversation instead of every linked call. A row is summed when the list
 * first asks for it (conversation-costs.ts); the triggers drop it whenever a call linked to its
 * conversation is written, settled, refunded, moved or deleted, so the next read sums it again.
 */
export const CONVERSATION_COSTS_STEP = `
  CREATE TABLE conversation_costs (
    conversation_id TEXT PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
    amount REAL, low REAL, high REAL, unbounded INTEGER, refund REAL, costed INTEGER NOT NULL,
    estimated INTEGER, priced INTEGER
  ) WITHOUT ROWID;
  CREATE TRIGGER conversation_costs_insert AFTER INSERT ON request_log
  WHEN new.conversation_id IS NOT NULL
  BEGIN
    DELETE FROM conversation_costs WHERE conversation_id = new.conversation_id;
  END;
  CREATE TRIGGER conversation_costs_delete AFTER DELETE ON request_log
  WHEN old.conversation_id IS NOT NULL
  BEGIN
    DELETE FROM conversation_costs WHERE conversation_id = old.conversation_id;
  END;
  CREATE TRIGGER conversation_costs_update AFTER UPDATE OF ${COST_COLUMNS} ON request_log
  WHEN old.conversation_id IS NOT NULL OR new.conversation_id IS NOT NULL
  BEGIN
    DELETE FROM conversation_costs WHERE conversation_id IN (old.conversation_id, new.conversation_id);
  END;
`;
