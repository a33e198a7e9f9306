import type { DatabaseSync } from "node:sqlite";
import { oneRow, onlyRow } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import type { MessageRow } from "./conversation-rows.ts";

/** Changes to a conversation's transcript after the fact: edit and resend, regenerate, delete one message. */
export class MessageEdits {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** Rewrites a user message and drops everything after it (edit and resend). */
  rewriteFrom(conversationId: string, messageId: string, content: string): void {
    const row = oneRow<MessageRow>(
      this.db.prepare("SELECT * FROM messages WHERE id = ? AND conversation_id = ?"),
      messageId,
      conversationId,
    );
    if (!row || row.role !== "user") throw appError("MESSAGE_NOT_FOUND");
    this.db.prepare("UPDATE messages SET content = ? WHERE id = ?").run(content, messageId);
    this.dropAfter(conversationId, row.position);
  }

  /** Removes one message; a reply still streaming stays until it ends. Its cost stays in the ledger. */
  deleteMessage(conversationId: string, messageId: string): boolean {
    const { changes } = this.db
      .prepare("DELETE FROM messages WHERE id = ? AND conversation_id = ? AND status != 'streaming'")
      .run(messageId, conversationId);
    return changes > 0;
  }

  /** Drops the replies after the last user message (regenerate); throws when there is no user message. */
  dropRepliesAfterLastUserMessage(conversationId: string): void {
    const last = onlyRow<{ position: number | null }>(
      this.db.prepare("SELECT MAX(position) AS position FROM messages WHERE conversation_id = ? AND role = 'user'"),
      conversationId,
    );
    if (last.position === null) throw appError("NOTHING_TO_REGENERATE");
    this.dropAfter(conversationId, last.position);
  }

  private dropAfter(conversationId: string, position: number): void {
    this.db.prepare("DELETE FROM messages WHERE conversation_id = ? AND position > ?").run(conversationId, position);
  }
}
