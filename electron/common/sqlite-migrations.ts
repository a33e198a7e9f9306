import type { DatabaseSync } from "node:sqlite";

/** Applies the schema steps not yet applied, each in its own transaction, tracked by `PRAGMA user_version`. */
export function migrate(db: DatabaseSync, migrations: readonly string[]): void {
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as { user_version: number };
  for (let index = version; index < migrations.length; index++) {
    db.exec("BEGIN");
    try {
      db.exec(migrations[index]!);
      db.exec(`PRAGMA user_version = ${index + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}
