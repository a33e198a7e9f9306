import { backup, type DatabaseSync } from "node:sqlite";
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { checkCopy, wholeCopyOf } from "./data-checks.ts";
import type { DataFile } from "./data-files.ts";
import { readDatabaseOffThread } from "./store-thread.ts";

const BACKUP_DIR = "backups";
const KEEP = 3;
/** A backup being written: it takes its final name only once it is whole and has passed its check. */
const PARTIAL = ".partial";
/** What a backup killed half-way leaves: its temporary file, and SQLite's journal or WAL beside a copy. */
const LEFTOVER = /(\.partial|-journal|-wal|-shm)$/;

const STAMP = String.raw`(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z`;
/** Backup names: the time taken, and for a database the records it had written (absent in older backups). */
const NAMES: Readonly<Record<DataFile, { prefix: string; pattern: RegExp }>> = {
  database: { prefix: "modeldesk-", pattern: new RegExp(`^modeldesk-${STAMP}(?:-(\\d+))?\\.sqlite$`) },
  settings: { prefix: "settings-", pattern: new RegExp(`^settings-${STAMP}\\.json$`) },
};

export interface Backup {
  readonly path: string;
  readonly takenAt: string;
  /** The records the database had written when it was taken (`data-checks.ts`); null where its name does not say. */
  readonly recordsWritten: number | null;
}

/** A UTC time as it appears in file names, to the millisecond: 20261123T051500123Z. */
export function stampOf(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, "");
}

/** The backups of one data file, newest first, whether or not they pass their check. */
export function backupsOf(dataDir: string, kind: DataFile): Backup[] {
  const directory = join(dataDir, BACKUP_DIR);
  if (!existsSync(directory)) return [];
  // ISO times in one format compare as text, without the collator localeCompare starts (~30 ms).
  const newestFirst = (a: Backup, b: Backup) => (a.takenAt < b.takenAt ? 1 : a.takenAt > b.takenAt ? -1 : 0);
  return readdirSync(directory)
    .flatMap((name) => {
      const match = NAMES[kind].pattern.exec(name);
      if (!match) return [];
      const [, year, month, day, hour, minute, second, millisecond, written] = match;
      return [
        {
          path: join(directory, name),
          takenAt: `${year}-${month}-${day}T${hour}:${minute}:${second}.${millisecond}Z`,
          recordsWritten: written === undefined ? null : Number(written),
        },
      ];
    })
    .sort(newestFirst);
}

/** The newest backup that passes its check, the only kind ever offered to restore; null when none does. */
export function usableBackupOf(dataDir: string, kind: DataFile): Backup | null {
  return backupsOf(dataDir, kind).find((candidate) => checkCopy(kind, candidate.path) !== null) ?? null;
}

/** Drops what backups killed half-way left. Run at start, before any backup is read or written. */
export function sweepBackupLeftovers(dataDir: string): void {
  const directory = join(dataDir, BACKUP_DIR);
  if (!existsSync(directory)) return;
  for (const name of readdirSync(directory).filter((file) => LEFTOVER.test(file))) {
    try {
      rmSync(join(directory, name), { force: true });
    } catch {
      // A leftover is never listed as a backup, so one the disk will not let go of can wait for the next start.
    }
  }
}

/**
 * After every start, once the upkeep found the database healthy (`data-upkeep.ts`): a consistent
 * copy of it (SQLite's online backup, which follows the app's writes meanwhile) and of the settings,
 * keeping the newest three of each. The copy is checked off the app's thread: on a large file that
 * takes as long as the copy.
 */
export async function backUpDataFiles(dataDir: string, db: DatabaseSync, now = new Date()): Promise<void> {
  const stamp = stampOf(now);
  const database = partialFor(dataDir, "database", stamp);
  try {
    await backup(db, database);
    const whole = await readDatabaseOffThread(database, true).then(wholeCopyOf, () => null);
    keepIfWhole("database", database, stamp, whole);
  } finally {
    rmSync(database, { force: true });
  }
  const settings = join(dataDir, "settings.json");
  if (existsSync(settings)) copyChecked(dataDir, "settings", settings, stamp);
  for (const kind of Object.keys(NAMES) as DataFile[]) {
    for (const old of backupsOf(dataDir, kind).slice(KEEP)) rmSync(old.path, { force: true });
  }
}

/**
 * A backup of a database no connection holds open (one Start fresh has just written): its newest
 * backup then says as few records were written as it holds, so it is not taken for one that lost them.
 */
export function backUpClosedDatabase(dataDir: string, file: string, now = new Date()): void {
  copyChecked(dataDir, "database", file, stampOf(now));
}

/** Removes the backups of a file taken after `kept` that fail their check: a restore passed them over. */
export function dropFailedBackupsAfter(dataDir: string, kind: DataFile, kept: Backup): void {
  for (const newer of backupsOf(dataDir, kind).filter((candidate) => candidate.takenAt > kept.takenAt)) {
    if (checkCopy(kind, newer.path) === null) rmSync(newer.path, { force: true });
  }
}

function copyChecked(dataDir: string, kind: DataFile, file: string, stamp: string): void {
  const partial = partialFor(dataDir, kind, stamp);
  try {
    copyFileSync(file, partial);
    keepIfWhole(kind, partial, stamp);
  } finally {
    rmSync(partial, { force: true });
  }
}

function partialFor(dataDir: string, kind: DataFile, stamp: string): string {
  const directory = join(dataDir, BACKUP_DIR);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  return join(directory, `${NAMES[kind].prefix}${stamp}${PARTIAL}`);
}

/**
 * Gives a copy written under its temporary name its final name, only once it passes its check: the
 * rename is atomic, so a backup killed half-way, or one that failed, is never taken for a backup.
 */
function keepIfWhole(kind: DataFile, partial: string, stamp: string, checked = checkCopy(kind, partial)): void {
  if (!checked) return;
  const extension = kind === "database" ? `-${checked.recordsWritten ?? 0}.sqlite` : ".json";
  renameSync(partial, join(dirname(partial), `${NAMES[kind].prefix}${stamp}${extension}`));
}
