import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import { firstIssue } from "../../../shared/first-issue.ts";
import { SettingsFileSchema } from "../../../shared/stored-settings.ts";
import { allRows, onlyRow } from "../../common/sql-rows.ts";
import type { DataFile } from "./data-files.ts";

/** What a database file holds, read without writing to it; the rest is read only when the verdict is "ok". */
export interface DatabaseReading {
  /**
   * `PRAGMA quick_check`: "ok", or what it found wrong. Read without it, "ok" once the header, the
   * schema and the counters below read without an error (SQLite refuses a file cut short by then).
   */
  readonly verdict: string;
  /** Whether the app's migrations ever ran on it (`PRAGMA user_version` above 0). */
  readonly hasSchema: boolean;
  /**
   * How many records the app has ever written to it: the sum of SQLite's AUTOINCREMENT high-water
   * marks (the ledger, balance readings, prices). Unlike a count of rows, a delete never lowers it:
   * a database with fewer written than a backup of it had has lost data, not had it deleted.
   */
  readonly recordsWritten: number;
}

/**
 * Reads a database read-only; throws SQLite's own error when it cannot be opened or read at all.
 * `quickCheck` reads every page (about a second per 600 MB): the start leaves it to the upkeep.
 */
export function readDatabase(location: string | URL, quickCheck = true): DatabaseReading {
  const db = new DatabaseSync(location, { readOnly: true, timeout: 0 });
  try {
    const verdict = quickCheck
      ? allRows<{ quick_check: string }>(db.prepare("PRAGMA quick_check"))
          .map((row) => row.quick_check)
          .join("; ")
      : "ok";
    if (verdict !== "ok") return { verdict, hasSchema: false, recordsWritten: 0 };
    const { user_version: version } = onlyRow<{ user_version: number }>(db.prepare("PRAGMA user_version"));
    const { sequences } = onlyRow<{ sequences: number }>(
      db.prepare("SELECT count(*) AS sequences FROM sqlite_master WHERE name = 'sqlite_sequence'"),
    );
    const { written } =
      sequences === 0
        ? { written: 0 }
        : onlyRow<{ written: number }>(db.prepare("SELECT coalesce(sum(seq), 0) AS written FROM sqlite_sequence"));
    return { verdict, hasSchema: version > 0, recordsWritten: written };
  } finally {
    db.close();
  }
}

/** What is wrong with settings text: not JSON, or not the shape the app wrote; null when it is sound. */
export function settingsFaultOf(text: string): { cause: "corrupt" | "invalid"; detail: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { cause: "corrupt", detail: error instanceof Error ? error.message : String(error) };
  }
  const shape = SettingsFileSchema.safeParse(value);
  if (shape.success) return null;
  const { field, message } = firstIssue(shape.error);
  return { cause: "invalid", detail: `${field || "the file"}: ${message}` };
}

/**
 * Where a copy of the database (a backup, or one being written) is read from: as the bytes it holds
 * (immutable), a stray journal beside it neither rolled back nor followed, and no -wal or -shm left
 * beside it (a read-only connection cannot remove them).
 */
export function copyLocation(path: string): URL {
  const location = pathToFileURL(path);
  location.searchParams.set("immutable", "1");
  return location;
}

/** What a database copy read whole holds: null unless it passes `quick_check` and has the app's schema. */
export function wholeCopyOf(reading: DatabaseReading): { readonly recordsWritten: number } | null {
  return reading.verdict === "ok" && reading.hasSchema ? { recordsWritten: reading.recordsWritten } : null;
}

/**
 * What a copy of a data file (a backup, or one being written) holds when it is whole: a database
 * that passes `quick_check` and holds the app's schema, or settings that parse and have the app's
 * shape; null when it fails, or cannot be read at all.
 */
export function checkCopy(kind: DataFile, path: string): { readonly recordsWritten: number | null } | null {
  try {
    if (kind === "settings")
      return settingsFaultOf(readFileSync(path, "utf8")) === null ? { recordsWritten: null } : null;
    return wholeCopyOf(readDatabase(copyLocation(path)));
  } catch {
    return null;
  }
}
