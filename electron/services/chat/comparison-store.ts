import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import type { ChatMessage } from "../../../shared/ipc/chat.ts";
import type { Comparison } from "../../../shared/ipc/compare.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import { ledgerCostsByMessage } from "../ledger/ledger-costs.ts";
import { readStoredJson } from "../store/stored-json.ts";
import { messageOf, type MessageRow } from "./conversation-rows.ts";
import type { MessageEdits } from "./message-edits.ts";

/** The `comparisons` table as its migration defines it. */
interface ComparisonRow {
  id: string;
  conversation_id: string;
  question_id: string;
  columns: string;
  created_at: number;
}

const StoredColumnsSchema = z.array(z.object({ messageId: z.string(), model: z.string() }));
type StoredColumns = z.infer<typeof StoredColumnsSchema>;

/**
 * Questions put to several models at once. Each answer is an ordinary reply to the question (a
 * sibling of the others in the message tree) that does not move the conversation on; the one the
 * user continues with becomes the shown path, and the others stay beside it in history.
 */
export class ComparisonStore {
  private readonly db: DatabaseSync;
  private readonly edits: MessageEdits;

  constructor(db: DatabaseSync, edits: MessageEdits) {
    this.db = db;
    this.edits = edits;
  }

  create(conversationId: string, questionId: string, columns: StoredColumns): string {
    const id = crypto.randomUUID();
    this.db
      .prepare("INSERT INTO comparisons (id, conversation_id, question_id, columns, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(id, conversationId, questionId, JSON.stringify(columns), Date.now());
    return id;
  }

  /** The conversation's comparisons, oldest first, each answer with its reply as stored and its cost. */
  list(conversationId: string): Comparison[] {
    const rows = allRows<ComparisonRow>(
      this.db.prepare("SELECT * FROM comparisons WHERE conversation_id = ? ORDER BY created_at"),
      conversationId,
    );
    if (rows.length === 0) return [];
    const shown = new Set(this.edits.path(conversationId).map((message) => message.id));
    const costs = ledgerCostsByMessage(this.db, conversationId);
    const messages = new Map(
      allRows<MessageRow>(
        this.db.prepare("SELECT * FROM messages WHERE conversation_id = ? AND role = 'assistant'"),
        conversationId,
      ).map((row) => [row.id, messageOf(row, costs.get(row.id) ?? null)] as const),
    );
    return rows.map((row) => {
      const columns = readStoredJson(row.columns, StoredColumnsSchema, []);
      return {
        id: row.id,
        questionId: row.question_id,
        columns: columns.map((column) => ({ ...column, message: messages.get(column.messageId) ?? null })),
        chosenId: columns.find((column) => shown.has(column.messageId))?.messageId ?? null,
        createdAt: new Date(row.created_at).toISOString(),
      };
    });
  }

  /** What a comparison asked: its question's text, what that question follows, and its models in order. */
  asked(conversationId: string, comparisonId: string): { content: string; parentId: string | null; models: string[] } {
    const row = oneRow<{ columns: string; content: string; parent_id: string | null }>(
      this.db.prepare(
        `SELECT c.columns, m.content, m.parent_id FROM comparisons c JOIN messages m ON m.id = c.question_id
         WHERE c.id = ? AND c.conversation_id = ?`,
      ),
      comparisonId,
      conversationId,
    );
    const models = row ? readStoredJson(row.columns, StoredColumnsSchema, []).map((column) => column.model) : [];
    if (!row || models.length === 0) throw appError("COMPARISON_NOT_FOUND");
    return { content: row.content, parentId: row.parent_id, models };
  }

  /** "Continue with this answer": the conversation goes on from one answer of a comparison, finished or stopped. */
  continueWith(conversationId: string, messageId: string): void {
    const answer = this.answer(conversationId, messageId);
    if (!answer || !this.ofComparison(conversationId, messageId)) throw appError("NOT_A_COMPARED_ANSWER");
    if (answer.status === "streaming") throw appError("ANSWER_STILL_STREAMING");
    this.edits.showLeaf(conversationId, messageId);
  }

  /** While the shown path ends at a compared question, nothing follows it until an answer is chosen. */
  refuseUnchosen(conversationId: string): void {
    const leaf = this.edits.leafOf(conversationId);
    const waiting =
      leaf !== null &&
      oneRow<{ id: string }>(
        this.db.prepare("SELECT id FROM comparisons WHERE conversation_id = ? AND question_id = ?"),
        conversationId,
        leaf,
      );
    if (waiting) throw appError("CHOOSE_AN_ANSWER");
  }

  private answer(conversationId: string, messageId: string): ChatMessage | null {
    const row = oneRow<MessageRow>(
      this.db.prepare("SELECT * FROM messages WHERE id = ? AND conversation_id = ? AND role = 'assistant'"),
      messageId,
      conversationId,
    );
    return row ? messageOf(row, null) : null;
  }

  private ofComparison(conversationId: string, messageId: string): boolean {
    return allRows<ComparisonRow>(
      this.db.prepare("SELECT * FROM comparisons WHERE conversation_id = ?"),
      conversationId,
    ).some((row) =>
      readStoredJson(row.columns, StoredColumnsSchema, []).some((column) => column.messageId === messageId),
    );
  }
}
