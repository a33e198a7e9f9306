import { copyFileSync, existsSync, readFileSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { backupsOf, stampOf } from "./data-backups.ts";
import { allRows } from "../../common/sql-rows.ts";

const DATA_FILE_KINDS = ["database", "settings"] as const;
export type DataFile = (typeof DATA_FILE_KINDS)[number];
/** The two files that hold everything the user has: conversations, tasks, media index; profiles and keys. */
export const DATA_FILES: Readonly<Record<DataFile, string>> = {
  database: "modeldesk.sqlite",
  settings: "settings.json",
};

export interface DamagedFile {
  readonly kind: DataFile;
  readonly path: string;
  readonly problem: "missing" | "empty" | "corrupt";
  /** What the parser or SQLite said. */
  readonly detail: string;
  /** The newest backup, if there is one to restore. */
  readonly backup: { readonly path: string; readonly takenAt: string } | null;
}

/**
 * Checks the data files before anything opens them, so damage is named instead of turning into a
 * fresh install or a raw parser error. A missing file counts as damage only where a backup shows
 * it existed before.
 */
export function checkDataFiles(dataDir: string): DamagedFile[] {
  return DATA_FILE_KINDS.flatMap((kind) => {
    const path = join(dataDir, DATA_FILES[kind]);
    const backup = backupsOf(dataDir, kind)[0] ?? null;
    const problem = existsSync(path)
      ? problemOf(kind, path)
      : backup
        ? { problem: "missing" as const, detail: "" }
        : null;
    return problem ? [{ kind, path, ...problem, backup }] : [];
  });
}

function problemOf(kind: DataFile, path: string): Pick<DamagedFile, "problem" | "detail"> | null {
  if (statSync(path).size === 0) return { problem: "empty", detail: "" };
  try {
    if (kind === "settings") {
      JSON.parse(readFileSync(path, "utf8"));
      return null;
    }
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const rows = allRows<{ quick_check: string }>(db.prepare("PRAGMA quick_check"));
      const verdict = rows.map((row) => row.quick_check).join("; ");
      return verdict === "ok" ? null : { problem: "corrupt", detail: verdict };
    } finally {
      db.close();
    }
  } catch (error) {
    return { problem: "corrupt", detail: error instanceof Error ? error.message : String(error) };
  }
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
export function restoreLatestBackup(damaged: DamagedFile, now = new Date()): { setAsideAs: string | null } {
  if (!damaged.backup) throw new Error(`There is no backup of ${damaged.path} to restore.`);
  const setAsideAs = existsSync(damaged.path) ? setAside(damaged.path, stampOf(now)) : null;
  copyFileSync(damaged.backup.path, damaged.path);
  return { setAsideAs };
}

/** Sets the damaged file aside; the app starts without it, as on a first run. */
export function startFresh(damaged: DamagedFile, now = new Date()): { setAsideAs: string | null } {
  return { setAsideAs: existsSync(damaged.path) ? setAside(damaged.path, stampOf(now)) : null };
}

/** One line per damaged file: which file, what is wrong with it, and what can be done. */
export function describeDamage(file: DamagedFile): string {
  const what =
    file.problem === "missing"
      ? "is missing (a backup shows it existed)"
      : file.problem === "empty"
        ? "is empty (0 bytes)"
        : `is damaged (${file.detail})`;
  const backup = file.backup ? `the latest backup is from ${file.backup.takenAt}` : "there is no backup of it";
  return `${file.path} ${what}; ${backup}.`;
}
