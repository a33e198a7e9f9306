import type { DatabaseSync } from "node:sqlite";
import { onlyRow } from "../../common/sql-rows.ts";

/** The longest a write stays only in the -wal file before it is copied into the main database file. */
export const CHECKPOINT_EVERY_MS = 1000;

/**
 * Copies what the app's connection writes into the main database file, so that file alone holds
 * the data: a sync tool or a folder backup that leaves out (or deletes) the -wal then loses at most
 * the last CHECKPOINT_EVERY_MS of writes. SQLite checkpoints by itself only once the -wal holds
 * 1,000 pages, which a small database may never reach. Each checkpoint is PASSIVE, so it never
 * waits for a reader or a writer, and a tick with nothing written since the last one does nothing.
 */
export class IdleCheckpoints {
  private readonly db: DatabaseSync;
  private readonly timer: NodeJS.Timeout;
  private checkpointedAt = -1;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.timer = setInterval(() => this.checkpoint(), CHECKPOINT_EVERY_MS).unref();
  }

  /**
   * Once more before the connection closes: SQLite copies the -wal itself only as the last
   * connection to the file closes, which another program reading it (a backup tool) prevents.
   */
  close(): void {
    clearInterval(this.timer);
    this.checkpoint();
  }

  private checkpoint(): void {
    // A transaction held open across an await is left to finish; the next tick copies it.
    if (!this.db.isOpen || this.db.isTransaction) return;
    try {
      const changes = onlyRow<{ changes: number }>(this.db.prepare("SELECT total_changes() AS changes")).changes;
      if (changes === this.checkpointedAt) return;
      this.db.exec("PRAGMA wal_checkpoint(PASSIVE)");
      this.checkpointedAt = changes;
    } catch {
      // A full disk or an I/O error: the writes stay in the -wal for the next try. A timer throws nothing.
    }
  }
}
