import type { DatabaseSync } from "node:sqlite";
import { onlyRow } from "./sql-rows.ts";

/** Applies the schema steps not yet applied, each in its own transaction, tracked by `PRAGMA user_version`. */
export function migrate(db: DatabaseSync, migrations: readonly string[]): void {
  const { user_version: version } = onlyRow<{ user_version: number }>(db.prepare("PRAGMA user_version"));
  for (const [index, migration] of migrations.entries()) {
    if (index < version) continue;
    db.exec("BEGIN");
    try {
      db.exec(migration);
      db.exec(`PRAGMA user_version = ${index + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}
