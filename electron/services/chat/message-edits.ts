import type { DatabaseSync } from "node:sqlite";
import type { MessageVersions } from "../../../shared/ipc/chat.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import type { MessageRow } from "./conversation-rows.ts";

/**
 * A conversation's messages as a tree: regenerating a reply or editing a question adds a sibling
 * (another version) instead of replacing it. The conversation shows, and continues from, the path
 * to its shown leaf (the newest message until a version is chosen).
 */
export class MessageEdits {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** The shown path, first message first. */
  path(conversationId: string): MessageRow[] {
    const leaf = this.leafOf(conversationId);
    if (leaf === null) return [];
    return allRows<MessageRow>(
      this.db.prepare(
        `WITH RECURSIVE up(id, depth) AS (
           SELECT ?, 0
           UNION ALL SELECT m.parent_id, up.depth + 1 FROM messages m JOIN up ON m.id = up.id WHERE m.parent_id IS NOT NULL
         )
         SELECT m.* FROM up JOIN messages m ON m.id = up.id ORDER BY up.depth DESC`,
      ),
      leaf,
    );
  }

  /**
   * The versions of each message's place in a conversation: its siblings of the same role, oldest
   * first. Read in one query for the whole conversation, not one per message shown.
   */
  versionsIn(conversationId: string): (row: MessageRow) => MessageVersions {
    const places = new Map<string, string[]>();
    const placeOf = (parentId: string | null, role: string) => `${parentId ?? ""}\u0000${role}`;
    const rows = allRows<{ id: string; parent_id: string | null; role: string }>(
      this.db.prepare("SELECT id, parent_id, role FROM messages WHERE conversation_id = ? ORDER BY position"),
      conversationId,
    );
    for (const row of rows) {
      const place = placeOf(row.parent_id, row.role);
      const siblings = places.get(place);
      if (siblings) siblings.push(row.id);
      else places.set(place, [row.id]);
    }
    return (row) => {
      const ids = places.get(placeOf(row.parent_id, row.role)) ?? [row.id];
      return { ids, index: Math.max(0, ids.indexOf(row.id)) };
    };
  }

  /** The message new ones follow: the shown leaf, or the newest message. */
  leafOf(conversationId: string): string | null {
    const row = oneRow<{ id: string }>(
      this.db.prepare(
        `SELECT COALESCE(
           (SELECT m.id FROM conversations c JOIN messages m ON m.id = c.shown_leaf_id WHERE c.id = ?1),
           (SELECT id FROM messages WHERE conversation_id = ?1 ORDER BY position DESC LIMIT 1)
         ) AS id`,
      ),
      conversationId,
    );
    return row?.id ?? null;
  }

  /** The conversation continues from this message. */
  showLeaf(conversationId: string, messageId: string | null): void {
    this.db.prepare("UPDATE conversations SET shown_leaf_id = ? WHERE id = ?").run(messageId, conversationId);
  }

  /** Shows a version of a message, with the path below it that was written last. */
  showVersion(conversationId: string, messageId: string): void {
    this.find(conversationId, messageId);
    const newest = oneRow<{ id: string }>(
      this.db.prepare(
        `WITH RECURSIVE below(id, position) AS (
           SELECT id, position FROM messages WHERE id = ?
           UNION ALL SELECT m.id, m.position FROM messages m JOIN below ON m.parent_id = below.id
         )
         SELECT id FROM below ORDER BY position DESC LIMIT 1`,
      ),
      messageId,
    );
    this.showLeaf(conversationId, newest?.id ?? messageId);
  }

  /** Edit and resend: what the question's new version follows (what the old one followed). */
  editedQuestionParent(conversationId: string, messageId: string): string | null {
    const row = this.find(conversationId, messageId);
    if (row.role !== "user") throw appError("MESSAGE_NOT_FOUND");
    return row.parent_id;
  }

  /**
   * Regenerate: the question the reply answered (the shown path's last reply when none is named)
   * is shown as the leaf, so the new reply becomes another version beside the old one.
   */
  regenerateFrom(conversationId: string, messageId?: string): void {
    const target = messageId ? this.find(conversationId, messageId) : this.path(conversationId).at(-1);
    const question =
      target?.role === "user" ? target : target?.parent_id ? this.find(conversationId, target.parent_id) : null;
    if (!question || question.role !== "user") throw appError("NOTHING_TO_REGENERATE");
    this.showLeaf(conversationId, question.id);
  }

  /** Removes one message (its followers now follow its parent); a reply still streaming stays until it ends. */
  deleteMessage(conversationId: string, messageId: string): boolean {
    const row = oneRow<MessageRow>(
      this.db.prepare("SELECT * FROM messages WHERE id = ? AND conversation_id = ? AND status != 'streaming'"),
      messageId,
      conversationId,
    );
    if (!row) return false;
    this.db.prepare("UPDATE messages SET parent_id = ? WHERE parent_id = ?").run(row.parent_id, row.id);
    this.db
      .prepare("UPDATE conversations SET shown_leaf_id = ? WHERE id = ? AND shown_leaf_id = ?")
      .run(row.parent_id, conversationId, row.id);
    this.db.prepare("DELETE FROM messages WHERE id = ?").run(row.id);
    return true;
  }

  private find(conversationId: string, messageId: string): MessageRow {
    const row = oneRow<MessageRow>(
      this.db.prepare("SELECT * FROM messages WHERE id = ? AND conversation_id = ?"),
      messageId,
      conversationId,
    );
    if (!row) throw appError("MESSAGE_NOT_FOUND");
    return row;
  }
}
