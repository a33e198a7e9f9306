import { backup, type DatabaseSync } from "node:sqlite";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { DataFile } from "./data-files.ts";

const BACKUP_DIR = "backups";
const KEEP = 3;
type BackupNames = { prefix: string; extension: string };
const NAMES: Record<DataFile, BackupNames> = {
  database: { prefix: "modeldesk-", extension: ".sqlite" },
  settings: { prefix: "settings-", extension: ".json" },
};

/** A UTC time as it appears in file names, to the millisecond: 20261123T051500123Z. */
export function stampOf(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, "");
}

/** The backups of one data file, newest first, with when each was taken. */
export function backupsOf(dataDir: string, kind: DataFile): { path: string; takenAt: string }[] {
  return backupsNamed(dataDir, NAMES[kind]);
}

function backupsNamed(dataDir: string, { prefix, extension }: BackupNames): { path: string; takenAt: string }[] {
  const directory = join(dataDir, BACKUP_DIR);
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.startsWith(prefix) && name.endsWith(extension))
    .sort()
    .reverse()
    .map((name) => ({ path: join(directory, name), takenAt: takenAtOf(name.slice(prefix.length, -extension.length)) }));
}

function takenAtOf(stamp: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(stamp);
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}.${match[7]}Z` : stamp;
}

/**
 * On every start, after the files proved healthy: a consistent copy of the database (SQLite's
 * online backup) and of the settings, keeping the newest three of each.
 */
export async function backUpDataFiles(dataDir: string, db: DatabaseSync, now = new Date()): Promise<void> {
  const directory = join(dataDir, BACKUP_DIR);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const stamp = stampOf(now);
  await backup(db, join(directory, `${NAMES.database.prefix}${stamp}${NAMES.database.extension}`));
  const settings = join(dataDir, "settings.json");
  if (existsSync(settings))
    copyFileSync(settings, join(directory, `${NAMES.settings.prefix}${stamp}${NAMES.settings.extension}`));
  for (const names of Object.values(NAMES)) {
    for (const old of backupsNamed(dataDir, names).slice(KEEP)) rmSync(old.path, { force: true });
  }
}
