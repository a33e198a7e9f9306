import type { DatabaseSync } from "node:sqlite";
import { StatementCachingDatabase } from "../../common/statement-cache.ts";
import { migrate } from "../../common/sqlite-migrations.ts";
import { onlyRow } from "../../common/sql-rows.ts";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { BACKGROUND_INDEXES } from "./migrations/background-indexes.ts";
import { FIRST_SCHEMA } from "./migrations/first-schema.ts";
import { LATER_STEPS } from "./migrations/later-steps.ts";

/** The app's schema, one step per release; applied once each, tracked by `PRAGMA user_version`. */
export const APP_MIGRATIONS: readonly string[] = [...FIRST_SCHEMA, ...LATER_STEPS];

export function openAppDatabase(file: string): DatabaseSync {
  mkdirSync(dirname(file), { recursive: true });
  const db = new StatementCachingDatabase(file);
  try {
    db.exec(
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
    );
    const created = onlyRow<{ user_version: number }>(db.prepare("PRAGMA user_version")).user_version === 0;
    migrate(db, APP_MIGRATIONS);
    // On a new database's empty tables they cost nothing: built now, not left for the upkeep.
    if (created) db.exec(BACKGROUND_INDEXES.map((index) => index.sql).join(";\n"));
    // The schema and what the last run wrote go into the main file now: until a checkpoint, they
    // live only in the -wal, and a main file that lost its -wal would open as a new install's.
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    // Refused by the disk or another process's lock: the file is let go, so a retry can open it.
    db.close();
    throw error;
  }
  return db;
}
