import { existsSync, openSync, closeSync, rmSync, statSync, statfsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lockHolderOf } from "./lock-holder.ts";

/** Why a healthy data file cannot be used now: none of these is damage, and none is mended by starting fresh. */
export type AccessCause = "read-only" | "locked" | "disk-full" | "unreadable";

interface AccessProblem {
  readonly problem: AccessCause;
  readonly detail: string;
  /** The process holding a locked database, where the system says (Linux); null when it does not. */
  readonly holder: number | null;
}

/**
 * Room a start needs beyond copies of the database and settings (the backups it takes): SQLite's
 * journal and the first writes. Below it the start would fail half-way, so it is named first.
 */
const START_SPARE_BYTES = 1024 * 1024;

const READ_ONLY_CODES = new Set(["EROFS", "EACCES", "EPERM"]);
const FULL_CODES = new Set(["ENOSPC", "EDQUOT"]);
const PROBE_FILE = ".modeldesk-write-check";
const PROBE_BYTES = Buffer.alloc(4096);

/** SQLite's primary result codes (the low byte of an extended code) that name an access problem. */
const SQLITE_CAUSES: ReadonlyMap<number, AccessCause> = new Map([
  [5, "locked"], // SQLITE_BUSY
  [6, "locked"], // SQLITE_LOCKED
  [8, "read-only"], // SQLITE_READONLY
  [13, "disk-full"], // SQLITE_FULL
  [14, "unreadable"], // SQLITE_CANTOPEN
]);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The access problem a file-system error names, or null when it names none. */
export function accessProblemOfFsError(error: unknown): AccessProblem | null {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? "";
  const problem: AccessCause | null = READ_ONLY_CODES.has(code)
    ? "read-only"
    : FULL_CODES.has(code)
      ? "disk-full"
      : null;
  return problem ? { problem, detail: messageOf(error), holder: null } : null;
}

/** What kind of refusal a write's error (SQLite's or the file system's) is, or null when it is none of them. */
export function accessCauseOf(error: unknown): AccessCause | null {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  const cause = typeof errcode === "number" ? SQLITE_CAUSES.get(errcode & 0xff) : undefined;
  return cause ?? accessProblemOfFsError(error)?.problem ?? null;
}

/** The access problem an error of SQLite's names for the database at `path`, or null (then: damage). */
export function accessProblemOfSqliteError(error: unknown, path: string): AccessProblem | null {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  const problem = typeof errcode === "number" ? SQLITE_CAUSES.get(errcode & 0xff) : undefined;
  if (!problem) return accessProblemOfFsError(error);
  return { problem, detail: messageOf(error), holder: problem === "locked" ? lockHolderOf(path) : null };
}

/**
 * Whether the data folder takes a write, and has room for a start: a read-only folder, or a full
 * disk, would otherwise fail the first write and look like damage.
 */
export function folderAccessProblemOf(dataDir: string, filesToCopy: readonly string[]): AccessProblem | null {
  if (!existsSync(dataDir)) return null;
  const probe = join(dataDir, PROBE_FILE);
  try {
    writeFileSync(probe, PROBE_BYTES, { mode: 0o600 });
  } catch (error) {
    return accessProblemOfFsError(error);
  } finally {
    rmSync(probe, { force: true });
  }
  const { bavail, bsize } = statfsSync(dataDir);
  const free = bavail * bsize;
  const needed = START_SPARE_BYTES + filesToCopy.reduce((sum, file) => sum + sizeOf(file), 0);
  if (free >= needed) return null;
  return { problem: "disk-full", detail: `${kilobytes(free)} free, a start needs ${kilobytes(needed)}`, holder: null };
}

/** Whether a data file may be written (a file can be read-only in a writable folder). */
export function fileAccessProblemOf(path: string): AccessProblem | null {
  try {
    closeSync(openSync(path, "r+"));
    return null;
  } catch (error) {
    return accessProblemOfFsError(error) ?? { problem: "unreadable", detail: messageOf(error), holder: null };
  }
}

function sizeOf(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

const kilobytes = (bytes: number) => `${Math.floor(bytes / 1024).toLocaleString("en-US")} KB`;
