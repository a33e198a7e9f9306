import { copyFileSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { firstIssue } from "../../../shared/first-issue.ts";
import { SettingsFileSchema } from "../../../shared/stored-settings.ts";
import { openAppDatabase } from "./app-database.ts";
import { backupsOf, stampOf } from "./data-backups.ts";
import {
  accessProblemOfFsError,
  accessProblemOfSqliteError,
  fileAccessProblemOf,
  folderAccessProblemOf,
  type AccessCause,
} from "./data-access.ts";
import { allRows } from "../../common/sql-rows.ts";

const DATA_FILE_KINDS = ["database", "settings"] as const;
export type DataFile = (typeof DATA_FILE_KINDS)[number];
/** The two files that hold everything the user has: conversations, tasks, media index; profiles and keys. */
export const DATA_FILES: Readonly<Record<DataFile, string>> = {
  database: "modeldesk.sqlite",
  settings: "settings.json",
};

/** Damage: the file is not what the app wrote. Only these are mended by a backup or by starting fresh. */
const DAMAGE_CAUSES = ["missing", "empty", "corrupt", "invalid"] as const;
type DamageCause = (typeof DAMAGE_CAUSES)[number];

export interface DataProblem {
  /** A data file, or the data folder itself (read-only, or on a full disk). */
  readonly kind: DataFile | "folder";
  readonly path: string;
  readonly problem: DamageCause | AccessCause;
  /** What the parser, the schema, SQLite or the system said. */
  readonly detail: string;
  /** The process holding a locked database, where the system says. */
  readonly holder: number | null;
  /** The newest backup, if there is one to restore. */
  readonly backup: { readonly path: string; readonly takenAt: string } | null;
}

export const isDamage = (problem: DataProblem): boolean =>
  (DAMAGE_CAUSES as readonly string[]).includes(problem.problem);

type Finding = Pick<DataProblem, "problem" | "detail" | "holder">;
const damage = (problem: DamageCause, detail = ""): Finding => ({ problem, detail, holder: null });

/**
 * Checks the data folder and files before anything opens them, so each cause is named instead of
 * turning into a fresh install, a raw error, or damage it is not: a read-only folder or file, a
 * database another process holds locked, a full disk, and only then damage. A missing file counts
 * as damage only where a backup shows it existed before.
 */
export function checkDataFiles(dataDir: string): DataProblem[] {
  const paths = DATA_FILE_KINDS.map((kind) => join(dataDir, DATA_FILES[kind]));
  const folder = folderAccessProblemOf(dataDir, paths);
  if (folder) return [{ kind: "folder", path: dataDir, ...folder, backup: null }];
  return DATA_FILE_KINDS.flatMap((kind) => {
    const path = join(dataDir, DATA_FILES[kind]);
    const backup = backupsOf(dataDir, kind)[0] ?? null;
    const finding = existsSync(path) ? findingOf(kind, path) : backup ? damage("missing") : null;
    return finding ? [{ kind, path, ...finding, backup }] : [];
  });
}

function findingOf(kind: DataFile, path: string): Finding | null {
  if (statSync(path).size === 0) return damage("empty");
  const access = fileAccessProblemOf(path);
  if (access) return access;
  return kind === "settings" ? settingsFindingOf(path) : databaseFindingOf(path);
}

function settingsFindingOf(path: string): Finding | null {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return accessProblemOfFsError(error) ?? damage("corrupt", messageOf(error));
  }
  const shape = SettingsFileSchema.safeParse(value);
  if (shape.success) return null;
  const { field, message } = firstIssue(shape.error);
  return damage("invalid", `${field || "the file"}: ${message}`);
}

function databaseFindingOf(path: string): Finding | null {
  try {
    const verdict = readOnly(path, (db) =>
      allRows<{ quick_check: string }>(db.prepare("PRAGMA quick_check"))
        .map((row) => row.quick_check)
        .join("; "),
    );
    if (verdict !== "ok") return damage("corrupt", verdict);
    // Healthy, but can the app write it? Another process may hold its write lock.
    const db = new DatabaseSync(path, { timeout: 0 });
    try {
      db.exec("BEGIN IMMEDIATE; ROLLBACK");
    } finally {
      db.close();
    }
    return null;
  } catch (error) {
    return accessProblemOfSqliteError(error, path) ?? damage("corrupt", messageOf(error));
  }
}

function readOnly<T>(path: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path, { readOnly: true, timeout: 0 });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function damagedOnly(problem: DataProblem): void {
  if (!isDamage(problem)) throw new Error(`${problem.path} is not damaged (${problem.problem}): it is left as it is.`);
}

/** Keeps the damaged file (and SQLite's journal beside it) under a new name; returns that name. */
function setAside(path: string, stamp: string): string {
  const aside = `${path}.damaged-${stamp}`;
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  return aside;
}

/** Sets the damaged file aside and puts its newest backup in its place. */
export function restoreLatestBackup(damaged: DataProblem, now = new Date()): { setAsideAs: string | null } {
  damagedOnly(damaged);
  if (!damaged.backup) throw new Error(`There is no backup of ${damaged.path} to restore.`);
  const setAsideAs = existsSync(damaged.path) ? setAside(damaged.path, stampOf(now)) : null;
  copyFileSync(damaged.backup.path, damaged.path);
  return { setAsideAs };
}

/**
 * Sets the damaged file aside and puts an empty one, as a first run writes it, in its place: a
 * file left missing would be named again ("a backup shows it existed") on every check.
 */
export function startFresh(damaged: DataProblem, now = new Date()): { setAsideAs: string | null } {
  damagedOnly(damaged);
  const setAsideAs = existsSync(damaged.path) ? setAside(damaged.path, stampOf(now)) : null;
  if (damaged.kind === "database") openAppDatabase(damaged.path).close();
  else writeFileSync(damaged.path, "{}", { mode: 0o600 });
  return { setAsideAs };
}
