import { chmodSync, mkdirSync } from "node:fs";
import { chmod, lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

/** Other users of the machine may not read what the app keeps: folders 0700, files 0600. */
export const PRIVATE_UMASK = 0o077;

/** Creates the data directory private, or makes it so again: at 0700 no other user reaches anything in it. */
export function restrictToOwner(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
}

/**
 * Makes everything already in the directory private again too (files copied in or written by an
 * older version), after the start: a year of pictures is some 20,000 files. Symbolic links are left
 * alone (their targets are not ours), and so is a file gone meanwhile (a backup's temporary copy).
 */
export async function restrictTreeToOwner(directory: string): Promise<void> {
  await chmod(directory, 0o700);
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    try {
      if (entry.isDirectory()) await restrictTreeToOwner(path);
      else if (entry.isFile() && ((await lstat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
    } catch (error) {
      if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
    }
  }
}
