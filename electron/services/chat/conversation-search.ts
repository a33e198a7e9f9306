import type { DatabaseSync, StatementSync } from "node:sqlite";
import { SEARCH_RESULTS_MAX, type ChatSearch, type FoundMessage } from "../../../shared/ipc/chat-search.ts";
import { matchRanges } from "../../../shared/text-matches.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import { conversationCosts } from "../ledger/ledger-costs.ts";
import { summaryOf, type ConversationRow } from "./conversation-rows.ts";
import { searchBacklogBelow } from "./message-search-backfill.ts";
import { snippetAround } from "./search-snippet.ts";

/** A profile as the search knows it: its conversations match its name. */
export interface ProfileName {
  readonly id: string;
  readonly name: string;
}

/** The trigram index finds a query by a run of three characters that are not LIKE's wildcards. */
const INDEXED_RUN = /[^%_]{3}/u;

// Messages as candidates, newest first, each of a conversation not deleted. CROSS JOIN keeps the
// messages' order as the loop's, so reading stops once enough conversations are found.
const FROM_INDEX = `SELECT s.rowid AS rowid, m.conversation_id AS conversationId
  FROM message_search s CROSS JOIN messages m ON m.rowid = s.rowid CROSS JOIN conversations c ON c.id = m.conversation_id
  WHERE s.content LIKE ? AND c.deleted_at IS NULL ORDER BY s.rowid DESC`;
const FROM_TEXT = `SELECT m.rowid AS rowid, m.conversation_id AS conversationId
  FROM messages m CROSS JOIN conversations c ON c.id = m.conversation_id
  WHERE m.rowid < ? AND m.content LIKE ? ESCAPE '\\' AND c.deleted_at IS NULL ORDER BY m.rowid DESC`;

// Settled replies not indexed yet (settled-search.ts): read from their text, newest first.
const FROM_PENDING = `SELECT m.rowid AS rowid, m.conversation_id AS conversationId
  FROM message_search_pending p CROSS JOIN messages m ON m.rowid = p.rowid CROSS JOIN conversations c ON c.id = m.conversation_id
  WHERE m.content LIKE ? ESCAPE '\\' AND c.deleted_at IS NULL ORDER BY m.rowid DESC`;

const escapedPattern = (needle: string) => `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The candidates a statement reads, as far as the caller goes: leaving the loop resets it. */
function* candidatesOf(statement: StatementSync, ...params: (string | number)[]) {
  for (const { rowid, conversationId } of statement.iterate(...params)) {
    if (typeof rowid === "number" && typeof conversationId === "string") yield { rowid, conversationId };
  }
}

/**
 * Messages that may hold `needle`, newest first: from the index where the query has a run it can
 * find (its wildcards, which LIKE there cannot escape, stand for one character each), and from the
 * text itself for a shorter query and for the messages the index does not hold yet (settled
 * replies waiting for it, and those the backfill has not indexed).
 */
function* candidates(db: DatabaseSync, needle: string) {
  const backlogBelow = searchBacklogBelow(db);
  const indexed = INDEXED_RUN.test(needle);
  if (indexed) {
    yield* candidatesOf(db.prepare(FROM_PENDING), escapedPattern(needle));
    yield* candidatesOf(db.prepare(FROM_INDEX), `%${needle.replace(/[%_]/g, "_")}%`);
    if (backlogBelow === null) return;
  }
  yield* candidatesOf(
    db.prepare(FROM_TEXT),
    indexed ? (backlogBelow ?? 0) : Number.MAX_SAFE_INTEGER,
    escapedPattern(needle),
  );
}

/** The newest message holding `needle` in each conversation, for the most recent `SEARCH_RESULTS_MAX` conversations. */
function messageMatches(db: DatabaseSync, needle: string): { found: Map<string, FoundMessage>; more: boolean } {
  const found = new Map<string, FoundMessage>();
  for (const { rowid, conversationId } of candidates(db, needle)) {
    if (found.has(conversationId)) continue;
    const message = oneRow<{ id: string; content: string }>(
      db.prepare("SELECT id, content FROM messages WHERE rowid = ?"),
      rowid,
    );
    const snippet = message ? snippetAround(message.content, needle) : null;
    if (!message || !snippet) continue;
    if (found.size === SEARCH_RESULTS_MAX) return { found, more: true };
    found.set(conversationId, { messageId: message.id, ...snippet });
  }
  return { found, more: false };
}

/**
 * Conversations not deleted whose title, profile's name or messages' text holds `query` (ASCII
 * letters of either case alike, as everywhere in the list), newest first, at most
 * `SEARCH_RESULTS_MAX`; each found by its text with the message and the words around the match.
 */
export function searchConversations(db: DatabaseSync, query: string, profiles: readonly ProfileName[]): ChatSearch {
  // SQLite reads half a character (which no keyboard types, but a call may carry) as U+FFFD: so does the text check.
  const needle = query.trim().toWellFormed();
  const lowered = needle.toLowerCase();
  const profileIds = profiles.filter((profile) => profile.name.toLowerCase().includes(lowered)).map(({ id }) => id);
  const named = allRows<ConversationRow>(
    db.prepare(
      `SELECT * FROM conversations WHERE deleted_at IS NULL
         AND (title LIKE ?1 ESCAPE '\\' OR json_extract(settings, '$.profileId') IN (SELECT value FROM json_each(?2)))
       ORDER BY updated_at DESC LIMIT ?3`,
    ),
    escapedPattern(needle),
    JSON.stringify(profileIds),
    SEARCH_RESULTS_MAX + 1,
  );
  const byText = messageMatches(db, needle);
  const rows = new Map(named.map((row) => [row.id, row]));
  const unnamed = [...byText.found.keys()].filter((id) => !rows.has(id));
  const texts = allRows<ConversationRow>(
    db.prepare("SELECT * FROM conversations WHERE id IN (SELECT value FROM json_each(?))"),
    JSON.stringify(unnamed),
  );
  for (const row of texts) rows.set(row.id, row);
  const shown = [...rows.values()].sort((a, b) => b.updated_at - a.updated_at).slice(0, SEARCH_RESULTS_MAX);
  const costs = conversationCosts(
    db,
    shown.map((row) => row.id),
  );
  return {
    hits: shown.map((row) => ({
      conversation: { ...summaryOf(row), cost: costs.get(row.id) ?? null },
      titleMarks: matchRanges(row.title, needle),
      found: byText.found.get(row.id) ?? null,
    })),
    more: byText.more || rows.size > SEARCH_RESULTS_MAX,
  };
}
