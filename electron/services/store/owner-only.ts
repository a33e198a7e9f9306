import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Other users of the machine may not read what the app keeps: folders 0700, files 0600. */
export const PRIVATE_UMASK = 0o077;

/**
 * Creates the data directory private, and makes everything already in it private again (files
 * copied in or written by an older version). Symbolic links are left alone: their targets are not ours.
 */
export function restrictToOwner(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  restrictTree(directory);
}

function restrictTree(directory: string): void {
  chmodSync(directory, 0o700);
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) restrictTree(path);
    else if (entry.isFile() && (lstatSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  }
}
