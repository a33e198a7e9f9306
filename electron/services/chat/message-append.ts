import type { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import type { ChatMessage, MessageMeta, MessageStatus } from "../../../shared/ipc/chat.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import { onlyRow } from "../../common/sql-rows.ts";
import { inTransaction } from "../../common/sql-transaction.ts";
import type { AcceptedAttachment } from "./attachment-intake.ts";
import type { AttachmentStore } from "./attachment-store.ts";
import { UNTITLED } from "./conversation-rows.ts";
import type { MessageEdits } from "./message-edits.ts";

/** A message to write into a conversation. */
export interface NewMessage {
  id?: string;
  conversationId: string;
  role: ChatMessage["role"];
  content: string;
  status: MessageStatus;
  error?: IpcError | null;
  meta?: MessageMeta | null;
  /** What it follows (null: nothing, it starts the conversation); the shown leaf when not given. */
  parentId?: string | null;
  /** Files sent with a question: checked ones, or those of the version an edit replaces. */
  attachments?: readonly AcceptedAttachment[] | { copiedFrom: string };
  /** False: the conversation does not go on from it (yet), as an answer of a comparison. */
  showAsLeaf?: boolean;
}

/** A conversation's title from its first question: the first line, cut at 60 characters. */
function titleFrom(content: string): string {
  const line = content.trim().split("\n")[0] ?? "";
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

/**
 * Writes a message after the last of its conversation, with its files; it becomes the shown leaf
 * (unless told not to) and a first question titles an untitled conversation. Returns its id.
 */
export function insertMessage(
  db: DatabaseSync,
  { edits, attachments }: { edits: MessageEdits; attachments: AttachmentStore },
  currentTitle: string,
  message: NewMessage,
): string {
  const id = message.id ?? randomUUID();
  // The message, the leaf it becomes and the conversation's title land together, in one commit.
  inTransaction(db, () => {
    const parentId = message.parentId === undefined ? edits.leafOf(message.conversationId) : message.parentId;
    const now = Date.now();
    const { next } = onlyRow<{ next: number }>(
      db.prepare("SELECT COALESCE(MAX(position), -1) + 1 AS next FROM messages WHERE conversation_id = ?"),
      message.conversationId,
    );
    db.prepare(
      "INSERT INTO messages (id, conversation_id, position, role, content, status, error, meta, created_at, parent_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(
      id,
      message.conversationId,
      next,
      message.role,
      message.content,
      message.status,
      message.error ? JSON.stringify(message.error) : null,
      message.meta ? JSON.stringify(message.meta) : null,
      now,
      parentId,
    );
    const files = message.attachments ?? [];
    if ("copiedFrom" in files) attachments.copy(files.copiedFrom, id);
    else attachments.add(id, files);
    if (message.showAsLeaf !== false) edits.showLeaf(message.conversationId, id);
    const titleText = message.content.trim() || ("copiedFrom" in files ? "" : (files[0]?.name ?? ""));
    const title = currentTitle === UNTITLED && message.role === "user" ? titleFrom(titleText) : currentTitle;
    db.prepare("UPDATE conversations SET updated_at = ?, title = ? WHERE id = ?").run(
      now,
      title,
      message.conversationId,
    );
  });
  return id;
}
