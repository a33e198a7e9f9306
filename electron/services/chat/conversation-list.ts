import type { DatabaseSync } from "node:sqlite";
import type { ConversationSummary } from "../../../shared/ipc/chat.ts";
import { allRows } from "../../common/sql-rows.ts";
import { ledgerCostsByConversation } from "../ledger/ledger-costs.ts";
import { summaryOf, type ConversationRow } from "./conversation-rows.ts";

/** A profile as the list's search knows it. */
export interface ProfileName {
  readonly id: string;
  readonly name: string;
}

/**
 * Conversations not deleted, newest first, each with what it cost so far; a query matches titles,
 * message text and the name of the conversation's profile, case-insensitively.
 */
export function listConversations(
  db: DatabaseSync,
  query?: string,
  profiles: readonly ProfileName[] = [],
): ConversationSummary[] {
  const costs = ledgerCostsByConversation(db);
  return matchingConversations(db, query, profiles).map((summary) => ({
    ...summary,
    cost: costs.get(summary.id) ?? null,
  }));
}

function matchingConversations(
  db: DatabaseSync,
  query: string | undefined,
  profiles: readonly ProfileName[],
): ConversationSummary[] {
  const text = query?.trim();
  if (!text) {
    const rows = allRows<ConversationRow>(
      db.prepare("SELECT * FROM conversations WHERE deleted_at IS NULL ORDER BY updated_at DESC"),
    );
    return rows.map((row) => summaryOf(row));
  }
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const lowered = text.toLowerCase();
  const profileIds = profiles.filter((profile) => profile.name.toLowerCase().includes(lowered)).map(({ id }) => id);
  const rows = allRows<ConversationRow>(
    db.prepare(
      `SELECT c.*, (SELECT m.content FROM messages m WHERE m.conversation_id = c.id AND m.content LIKE ?1 ESCAPE '\\'
                    ORDER BY m.position LIMIT 1) AS excerpt
       FROM conversations c
       WHERE c.deleted_at IS NULL
         AND (c.title LIKE ?1 ESCAPE '\\' OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.content LIKE ?1 ESCAPE '\\')
              OR json_extract(c.settings, '$.profileId') IN (SELECT value FROM json_each(?2)))
       ORDER BY c.updated_at DESC`,
    ),
    pattern,
    JSON.stringify(profileIds),
  );
  return rows.map((row) => summaryOf(row, text));
}
