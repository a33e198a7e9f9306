import type { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import { AttachmentSchema, type Attachment, type AttachmentData } from "../../../shared/ipc/attachments.ts";
import type { DocumentText } from "../../../shared/ipc/documents.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import { readStoredJson } from "../store/stored-json.ts";
import type { AcceptedAttachment } from "./attachment-intake.ts";

interface AttachmentRow {
  id: string;
  message_id: string;
  name: string;
  kind: Attachment["kind"];
  mime: string;
  bytes: number;
  sha256: string;
  /** A document's summary (JSON); null for images and text files. */
  document: string | null;
}

/** A kept file with its bytes (and a document's text as sent), as a request is built from it. */
export type LoadedAttachment = Attachment & { readonly data: Uint8Array; readonly text: string | null };

const COLUMNS = "a.id, a.message_id, a.name, a.kind, a.mime, a.bytes, a.sha256, a.document";
const DocumentSummarySchema = AttachmentSchema.shape.document.unwrap();
const NO_SUMMARY = { chars: 0, pages: null, pagesRead: null, cut: false };

const attachmentOf = (row: AttachmentRow): Attachment => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  mime: row.mime,
  bytes: row.bytes,
  sha256: row.sha256,
  ...(row.document === null ? {} : { document: readStoredJson(row.document, DocumentSummarySchema, NO_SUMMARY) }),
});

/** The files sent with questions, in SQLite beside their messages (deleted with them). */
export class AttachmentStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  add(messageId: string, files: readonly AcceptedAttachment[]): void {
    const insert = this.db.prepare(
      `INSERT INTO message_attachments (id, message_id, position, name, kind, mime, bytes, sha256, data, text, document)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    files.forEach((file, position) =>
      insert.run(
        randomUUID(),
        messageId,
        position,
        file.name,
        file.kind,
        file.mime,
        file.bytes.length,
        file.sha256,
        file.bytes,
        file.document?.text ?? null,
        file.document ? JSON.stringify(summaryOf(file.document)) : null,
      ),
    );
  }

  /** An edited question keeps the files of the version it replaces. */
  copy(fromMessageId: string, toMessageId: string): void {
    this.db
      .prepare(
        `INSERT INTO message_attachments (id, message_id, position, name, kind, mime, bytes, sha256, data, text, document)
         SELECT lower(hex(randomblob(16))), ?, position, name, kind, mime, bytes, sha256, data, text, document
         FROM message_attachments WHERE message_id = ?`,
      )
      .run(toMessageId, fromMessageId);
  }

  /** What each of a conversation's messages carries (without the bytes), by message id. */
  ofConversation(conversationId: string): Map<string, Attachment[]> {
    const rows = allRows<AttachmentRow>(
      this.db.prepare(
        `SELECT ${COLUMNS} FROM message_attachments a
         JOIN messages m ON m.id = a.message_id WHERE m.conversation_id = ? ORDER BY a.message_id, a.position`,
      ),
      conversationId,
    );
    const byMessage = new Map<string, Attachment[]>();
    for (const row of rows)
      byMessage.set(row.message_id, [...(byMessage.get(row.message_id) ?? []), attachmentOf(row)]);
    return byMessage;
  }

  /** A message's files (without the bytes), in the order they were attached. */
  ofMessage(messageId: string): Attachment[] {
    return allRows<AttachmentRow>(
      this.db.prepare(`SELECT ${COLUMNS} FROM message_attachments a WHERE message_id = ? ORDER BY position`),
      messageId,
    ).map(attachmentOf);
  }

  /** A message's files with their bytes, in the order they were attached. */
  loaded(messageId: string): LoadedAttachment[] {
    return allRows<AttachmentRow & { data: Uint8Array<ArrayBuffer>; text: string | null }>(
      this.db.prepare(
        `SELECT ${COLUMNS}, a.data, a.text FROM message_attachments a WHERE message_id = ? ORDER BY position`,
      ),
      messageId,
    ).map((row) => ({ ...attachmentOf(row), data: row.data, text: row.text }));
  }

  /** One file of a conversation with its bytes; a file of another conversation is not found. */
  data(conversationId: string, attachmentId: string): AttachmentData {
    const row = oneRow<AttachmentRow & { data: Uint8Array<ArrayBuffer> }>(
      this.db.prepare(
        `SELECT ${COLUMNS}, a.data FROM message_attachments a
         JOIN messages m ON m.id = a.message_id WHERE a.id = ? AND m.conversation_id = ?`,
      ),
      attachmentId,
      conversationId,
    );
    if (!row) throw appError("ATTACHMENT_NOT_FOUND");
    return { attachment: attachmentOf(row), data: Buffer.from(row.data).toString("base64") };
  }
}

const summaryOf = (document: DocumentText) => ({
  chars: document.text.length,
  pages: document.pages,
  pagesRead: document.pagesRead,
  cut: document.cut,
});
