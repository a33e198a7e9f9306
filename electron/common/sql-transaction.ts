import type { DatabaseSync } from "node:sqlite";

/**
 * Runs `work` as one transaction: all of its writes land or none do, and they reach the disk as
 * one commit instead of one per statement. Inside a transaction already, `work` joins it.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec("BEGIN");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
