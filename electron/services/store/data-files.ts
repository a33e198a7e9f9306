import { copyFileSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openAppDatabase } from "./app-database.ts";
import {
  backUpClosedDatabase,
  backupsOf,
  dropFailedBackupsAfter,
  stampOf,
  sweepBackupLeftovers,
  usableBackupOf,
  type Backup,
} from "./data-backups.ts";
import { readDatabase, settingsFaultOf, type DatabaseReading } from "./data-checks.ts";
import {
  accessProblemOfFsError,
  accessProblemOfSqliteError,
  fileAccessProblemOf,
  folderAccessProblemOf,
  type AccessCause,
} from "./data-access.ts";

const DATA_FILE_KINDS = ["database", "settings"] as const;
export type DataFile = (typeof DATA_FILE_KINDS)[number];
/** The two files that hold everything the user has: conversations, tasks, media index; profiles and keys. */
export const DATA_FILES: Readonly<Record<DataFile, string>> = {
  database: "modeldesk.sqlite",
  settings: "settings.json",
};

/**
 * Damage: the file is not what the app wrote. Only these are mended by a backup or by starting fresh.
 * `blank`: a database without the app's schema though backups of it exist; `behind`: one that has
 * fewer records written than its newest backup says it had (both most likely lost their -wal file).
 */
const DAMAGE_CAUSES = ["missing", "empty", "corrupt", "invalid", "blank", "behind"] as const;
type DamageCause = (typeof DAMAGE_CAUSES)[number];

export interface DataProblem {
  /**
   * A data file, the data folder itself (read-only, or on a full disk), or the web host's key file
   * (`key`: the API keys in the settings are encrypted with it; it has no backup).
   */
  readonly kind: DataFile | "folder" | "key";
  readonly path: string;
  readonly problem: DamageCause | AccessCause;
  /** What the parser, the schema, SQLite or the system said. */
  readonly detail: string;
  /** The process holding a locked database, where the system says. */
  readonly holder: number | null;
  /** For damage: the newest backup that passes its check, if there is one to restore. */
  readonly backup: Backup | null;
}

const isDamageCause = (cause: DataProblem["problem"]): cause is DamageCause =>
  (DAMAGE_CAUSES as readonly string[]).includes(cause);
export const isDamage = (problem: DataProblem): boolean => isDamageCause(problem.problem);

type Finding = Pick<DataProblem, "problem" | "detail" | "holder">;
const damage = (problem: DamageCause, detail = ""): Finding => ({ problem, detail, holder: null });

/**
 * Checks the data folder and files before anything opens them, so each cause is named instead of
 * turning into a fresh install, a raw error, or damage it is not: a read-only folder or file, a
 * database another process holds locked, a full disk, and only then damage. A missing file, or a
 * database that holds less than its backups, counts as damage only where a backup shows it had more:
 * with no file and no backup, this is a new install. What a backup killed half-way left is swept first.
 * A start reads the database's header, schema and counters; `thorough` also reads every page
 * (`quick_check`), as the upkeep does after the start (a second per 600 MB).
 */
export function checkDataFiles(dataDir: string, thorough = false): DataProblem[] {
  const paths = DATA_FILE_KINDS.map((kind) => join(dataDir, DATA_FILES[kind]));
  const folder = folderAccessProblemOf(dataDir, paths);
  if (folder) return [{ kind: "folder", path: dataDir, ...folder, backup: null }];
  sweepBackupLeftovers(dataDir);
  return DATA_FILE_KINDS.flatMap((kind) => {
    const path = join(dataDir, DATA_FILES[kind]);
    const backups = backupsOf(dataDir, kind);
    const finding = existsSync(path)
      ? findingOf(kind, path, backups, thorough)
      : backups.length > 0
        ? damage("missing")
        : null;
    if (!finding) return [];
    return [{ kind, path, ...finding, backup: isDamageCause(finding.problem) ? usableBackupOf(dataDir, kind) : null }];
  });
}

function findingOf(kind: DataFile, path: string, backups: readonly Backup[], thorough: boolean): Finding | null {
  if (statSync(path).size === 0) return damage("empty");
  const access = fileAccessProblemOf(path);
  if (access) return access;
  return kind === "settings" ? settingsFindingOf(path) : databaseFindingOf(path, backups, thorough);
}

function settingsFindingOf(path: string): Finding | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return accessProblemOfFsError(error) ?? damage("corrupt", messageOf(error));
  }
  const fault = settingsFaultOf(text);
  return fault && damage(fault.cause, fault.detail);
}

/**
 * Data the backups show the database had, and it has no more: what a -wal file lost before its
 * writes reached the main file takes with it (see `idle-checkpoints.ts`).
 */
function lossOf(reading: DatabaseReading, backups: readonly Backup[]): Finding | null {
  if (!reading.hasSchema) return backups.length > 0 ? damage("blank") : null;
  const measured = backups.find((backup) => backup.recordsWritten !== null);
  const had = measured?.recordsWritten ?? 0;
  if (had <= reading.recordsWritten) return null;
  return damage("behind", `${reading.recordsWritten} records written; its backup of ${measured?.takenAt} had ${had}`);
}

function databaseFindingOf(path: string, backups: readonly Backup[], thorough: boolean): Finding | null {
  try {
    const reading = readDatabase(path, thorough);
    if (reading.verdict !== "ok") return damage("corrupt", reading.verdict);
    const lost = lossOf(reading, backups);
    if (lost) return lost;
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function damagedOnly(problem: DataProblem): void {
  if (!isDamage(problem)) throw new Error(`${problem.path} is not damaged (${problem.problem}): it is left as it is.`);
}

/**
 * Keeps the damaged file (and SQLite's -wal and -shm beside it) under a new name; returns that name,
 * or null when only the -wal or -shm of a missing file was there: left in place, SQLite would apply
 * that -wal to the file put there next.
 */
function setAside(path: string, stamp: string): string | null {
  const aside = `${path}.damaged-${stamp}`;
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  return existsSync(aside) ? aside : null;
}

/**
 * Sets the damaged file aside and puts its newest backup that passes the check in its place. Newer
 * backups failed that check, so they are dropped: one left would be offered no more, but its record
 * count would name the restored file as holding less than it.
 */
export function restoreLatestBackup(damaged: DataProblem, now = new Date()): { setAsideAs: string | null } {
  damagedOnly(damaged);
  if (damaged.kind === "folder" || damaged.kind === "key" || !damaged.backup)
    throw new Error(`There is no backup of ${damaged.path} to restore.`);
  const setAsideAs = setAside(damaged.path, stampOf(now));
  copyFileSync(damaged.backup.path, damaged.path);
  dropFailedBackupsAfter(dirname(damaged.path), damaged.kind, damaged.backup);
  return { setAsideAs };
}

/**
 * Sets the damaged file aside and puts an empty one, as a first run writes it, in its place: a
 * file left missing would be named again ("a backup shows it existed") on every check. A fresh
 * database is backed up at once, or its older backups' record counts would name it as behind them.
 * A key file is left missing: the next start makes a new key, and the API keys are entered again.
 */
export function startFresh(damaged: DataProblem, now = new Date()): { setAsideAs: string | null } {
  damagedOnly(damaged);
  const setAsideAs = setAside(damaged.path, stampOf(now));
  if (damaged.kind === "database") {
    openAppDatabase(damaged.path).close();
    backUpClosedDatabase(dirname(damaged.path), damaged.path, now);
  } else if (damaged.kind === "settings") writeFileSync(damaged.path, "{}", { mode: 0o600 });
  return { setAsideAs };
}
