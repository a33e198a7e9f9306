import type { DatabaseSync } from "node:sqlite";
import type { ConversationSummary } from "../../../shared/ipc/chat.ts";
import { allRows } from "../../common/sql-rows.ts";
import { conversationCosts } from "../ledger/ledger-costs.ts";
import { summaryOf, type ConversationRow } from "./conversation-rows.ts";

/** Conversations not deleted, newest first, each with what it cost so far. */
export function listConversations(db: DatabaseSync): ConversationSummary[] {
  const costs = conversationCosts(db);
  const rows = allRows<ConversationRow>(
    db.prepare("SELECT * FROM conversations WHERE deleted_at IS NULL ORDER BY updated_at DESC"),
  );
  return rows.map((row) => ({ ...summaryOf(row), cost: costs.get(row.id) ?? null }));
}
