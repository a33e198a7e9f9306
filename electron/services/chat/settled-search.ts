import type { DatabaseSync } from "node:sqlite";
import { inTransaction } from "../../common/sql-transaction.ts";

/**
 * Leaves a reply about to settle out of the search index for now (the triggers index no message
 * noted here): call it in the commit that settles the reply, so a crash before `indexSettled`
 * leaves it noted, and the next start indexes it.
 */
export function awaitSearchIndex(db: DatabaseSync, messageId: string): void {
  db.prepare("INSERT OR IGNORE INTO message_search_pending (rowid) SELECT rowid FROM messages WHERE id = ?").run(
    messageId,
  );
}

/**
 * Indexes the messages noted by `awaitSearchIndex`, in one commit with their notes' removal. Run
 * after a reply's `done` is sent, so indexing its text is not on the way to it, and at the start.
 */
export function indexSettled(db: DatabaseSync): void {
  inTransaction(db, () => {
    // The backfill indexes the messages below its bound; a message noted there is left to it.
    db.prepare(
      `INSERT INTO message_search (rowid, content) SELECT m.rowid, m.content FROM message_search_pending p
         CROSS JOIN messages m ON m.rowid = p.rowid
       WHERE m.status <> 'streaming' AND NOT EXISTS (SELECT 1 FROM message_search_backlog WHERE m.rowid < below)`,
    ).run();
    db.prepare("DELETE FROM message_search_pending").run();
  });
}
