import type { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import type {
  ChatMessage,
  ChatSettings,
  ConversationAssistant,
  ConversationDetail,
  ConversationSummary,
  MessageMeta,
  MessageStatus,
} from "../../../shared/ipc/chat.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import { oneRow, onlyRow } from "../../common/sql-rows.ts";
import { inTransaction } from "../../common/sql-transaction.ts";
import { insertMessage, type NewMessage } from "./message-append.ts";
import { AppError, appError } from "../app-error.ts";
import { toIpcError } from "../error-values.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { ledgerCostOf, ledgerCostsByMessage } from "../ledger/ledger-costs.ts";
import {
  messageOf,
  summaryOf,
  turnOf,
  UNTITLED,
  type ConversationRow,
  type MessageRow,
  type Turn,
} from "./conversation-rows.ts";
import { ComparisonStore } from "./comparison-store.ts";
import { listConversations } from "./conversation-list.ts";
import { MessageEdits } from "./message-edits.ts";
import { AttachmentStore } from "./attachment-store.ts";
import { awaitSearchIndex, indexSettled } from "./settled-search.ts";

/** Deleted conversations stay restorable (undo) for this long, then are purged. */
const UNDO_RETENTION_MS = 24 * 3600 * 1000;

/** Conversations and their messages, in SQLite. */
export class ConversationStore {
  private readonly db: DatabaseSync;
  readonly edits: MessageEdits;
  readonly attachments: AttachmentStore;
  readonly comparisons: ComparisonStore;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.edits = new MessageEdits(db);
    this.attachments = new AttachmentStore(db);
    this.comparisons = new ComparisonStore(db, this.edits);
    db.prepare("DELETE FROM conversations WHERE deleted_at IS NOT NULL AND deleted_at < ?").run(
      Date.now() - UNDO_RETENTION_MS,
    );
  }

  /** Newest first, each with what it cost so far (searches: conversation-search.ts). */
  list(): ConversationSummary[] {
    return listConversations(this.db);
  }

  /** A conversation with no title until its first message or a rename gives it one. */
  create(settings: ChatSettings, title = UNTITLED): ConversationSummary {
    const now = Date.now();
    const id = randomUUID();
    this.db
      .prepare("INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
      .run(id, title, JSON.stringify(settings), now, now);
    return this.summary(id);
  }

  /**
   * A new conversation, or the newest one nobody has written in yet (moved to the top): New chat
   * pressed twice opens one empty conversation, not two. A reused one nobody named takes these
   * settings (the defaults of the profile active now, which may not be the one it was made under).
   */
  createOrReuseEmpty(settings: ChatSettings): ConversationSummary {
    const empty = this.newestEmpty({ untitledOnly: false });
    if (!empty) return this.create(settings);
    this.db
      .prepare(
        `UPDATE conversations SET settings = CASE WHEN title = ?1 THEN ?2 ELSE settings END,
           assistant = CASE WHEN title = ?1 THEN NULL ELSE assistant END,
           tools = CASE WHEN title = ?1 THEN NULL ELSE tools END, updated_at = ?3 WHERE id = ?4`,
      )
      .run(UNTITLED, JSON.stringify(settings), Date.now(), empty);
    return this.summary(empty);
  }

  /**
   * A conversation with an assistant's settings, recording the assistant: the newest empty one takes
   * them, unless it was given a name (its settings are then its own); otherwise a new one.
   */
  startWith(settings: ChatSettings, assistant: ConversationAssistant): ConversationSummary {
    const id = this.newestEmpty({ untitledOnly: true }) ?? this.create(settings).id;
    this.db
      .prepare("UPDATE conversations SET settings = ?, assistant = ?, updated_at = ? WHERE id = ?")
      .run(JSON.stringify(settings), JSON.stringify(assistant), Date.now(), id);
    return this.summary(id);
  }

  private newestEmpty({ untitledOnly }: { untitledOnly: boolean }): string | null {
    const empty = oneRow<{ id: string }>(
      this.db.prepare(
        `SELECT id FROM conversations c WHERE deleted_at IS NULL AND (?1 = 0 OR title = ?2)
           AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)
         ORDER BY updated_at DESC LIMIT 1`,
      ),
      untitledOnly ? 1 : 0,
      UNTITLED,
    );
    return empty?.id ?? null;
  }

  summary(id: string): ConversationSummary {
    return summaryOf(this.row(id));
  }

  detail(id: string): ConversationDetail {
    return {
      conversation: this.summary(id),
      messages: this.messages(id),
      totalCost: ledgerCostOf(this.db, "conversation_id", id),
    };
  }

  /** The shown path of the conversation, each message with its versions where it has several. */
  messages(conversationId: string): ChatMessage[] {
    const costs = ledgerCostsByMessage(this.db, conversationId);
    const attachments = this.attachments.ofConversation(conversationId);
    const versionsOf = this.edits.versionsIn(conversationId);
    return this.edits.path(conversationId).map((row) => {
      const cost = row.role === "assistant" ? (costs.get(row.id) ?? null) : null;
      return messageOf(row, cost, versionsOf(row), attachments.get(row.id));
    });
  }

  /** The shown path as a reply is asked it: only what the gateway is sent, read at every Send. */
  turns(conversationId: string): Turn[] {
    const attachments = this.attachments.ofConversation(conversationId);
    return this.edits.path(conversationId).map((row) => turnOf(row, attachments.get(row.id)));
  }

  rename(id: string, title: string): ConversationSummary {
    this.row(id);
    this.db.prepare("UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?").run(title, Date.now(), id);
    return this.summary(id);
  }

  updateSettings(id: string, settings: ChatSettings): ConversationSummary {
    this.row(id);
    this.db.prepare("UPDATE conversations SET settings = ? WHERE id = ?").run(JSON.stringify(settings), id);
    return this.summary(id);
  }

  softDelete(id: string): boolean {
    const { changes } = this.db
      .prepare("UPDATE conversations SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL")
      .run(Date.now(), id);
    return Number(changes) > 0;
  }

  restore(id: string): ConversationSummary {
    const { changes } = this.db.prepare("UPDATE conversations SET deleted_at = NULL WHERE id = ?").run(id);
    if (Number(changes) === 0) throw new AppError("CONVERSATION_NOT_FOUND", codedText("CONVERSATION_NOT_RESTORABLE"));
    return this.summary(id);
  }

  /** A message in its conversation: the shown leaf unless told otherwise, titling an untitled conversation. */
  appendMessage(message: NewMessage): ChatMessage {
    return this.message(insertMessage(this.db, this, this.row(message.conversationId).title, message));
  }

  /**
   * A question and its reply's row (streaming, still empty) in one commit: the reply is then only
   * updated as it streams and settles, and a crash before its first words leaves it Interrupted.
   */
  appendQuestion(question: NewMessage, replyId: string): ChatMessage {
    const { conversationId } = question;
    const id = inTransaction(this.db, () => {
      const questionId = insertMessage(this.db, this, this.row(conversationId).title, question);
      const reply: NewMessage = { id: replyId, conversationId, role: "assistant", content: "", status: "streaming" };
      insertMessage(this.db, this, this.row(conversationId).title, { ...reply, parentId: questionId });
      return questionId;
    });
    return this.message(id);
  }

  /** A streaming reply's text so far, and its meta when that changed too (a tool call asked or answered). */
  writeReplyText(id: string, content: string, meta?: MessageMeta): void {
    this.db
      .prepare("UPDATE messages SET content = ?, meta = COALESCE(?, meta) WHERE id = ? AND status = 'streaming'")
      .run(content, meta ? JSON.stringify(meta) : null, id);
  }

  /** How a reply written ahead ended. */
  settleReply(reply: {
    id: string;
    content: string;
    status: MessageStatus;
    error: IpcError | null;
    meta: MessageMeta;
  }) {
    const { id, content, status, error, meta } = reply;
    const settle = this.db.prepare("UPDATE messages SET content = ?, status = ?, error = ?, meta = ? WHERE id = ?");
    inTransaction(this.db, () => {
      awaitSearchIndex(this.db, id);
      settle.run(content, status, error ? JSON.stringify(error) : null, JSON.stringify(meta), id);
    });
    return this.message(reply.id);
  }

  /** Puts the replies settled since the last call into the search index (`settled-search.ts`). */
  indexSettled(): void {
    indexSettled(this.db);
  }

  /** On start: replies that were streaming when the app died keep their text and become Interrupted. */
  interruptUnfinishedReplies(): number {
    const error: IpcError = toIpcError(appError("APP_CLOSED"));
    const { changes } = this.db
      .prepare("UPDATE messages SET status = 'interrupted', error = ? WHERE status = 'streaming'")
      .run(JSON.stringify(error));
    return Number(changes);
  }

  /** A message this connection has just written. */
  private message(id: string): ChatMessage {
    return this.messageWithCost(onlyRow<MessageRow>(this.db.prepare("SELECT * FROM messages WHERE id = ?"), id));
  }

  private messageWithCost(row: MessageRow): ChatMessage {
    return messageOf(
      row,
      row.role === "assistant" ? ledgerCostOf(this.db, "message_id", row.id) : null,
      undefined,
      this.attachments.ofMessage(row.id),
    );
  }

  private row(id: string): ConversationRow {
    const row = oneRow<ConversationRow>(
      this.db.prepare("SELECT * FROM conversations WHERE id = ? AND deleted_at IS NULL"),
      id,
    );
    if (!row) throw appError("CONVERSATION_NOT_FOUND");
    return row;
  }
}
