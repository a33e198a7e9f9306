import { readFileSync, statSync } from "node:fs";

// `7: POSIX  ADVISORY  WRITE 25656 fe:00:4243779 1073741826 1073742335`, or `7: -> POSIX …` for a waiter.
const LOCK_LINE = /^\d+:\s+(?:->\s+)?\S+\s+\S+\s+(?:READ|WRITE)\s+(-?\d+)\s+([0-9a-f]+):([0-9a-f]+):(\d+)\s/;

/**
 * The process holding SQLite's lock on the database at `path` (on the file itself, or on its
 * `-shm` in WAL mode), from the kernel's list of file locks; null where there is none (not Linux,
 * or a lock without an owning process).
 */
export function lockHolderOf(path: string): number | null {
  let locks: string;
  try {
    locks = readFileSync("/proc/locks", "utf8");
  } catch {
    return null;
  }
  const files = new Set([path, `${path}-shm`].flatMap((file) => idOf(file) ?? []));
  const holders = locks.split("\n").flatMap((line) => {
    const match = LOCK_LINE.exec(line);
    if (!match) return [];
    const [, pid, major, minor, inode] = match;
    const owner = Number(pid);
    const id = `${BigInt(`0x${major}`)}:${BigInt(`0x${minor}`)}:${inode}`;
    return owner > 0 && files.has(id) ? [owner] : [];
  });
  return holders.find((pid) => pid !== process.pid) ?? holders[0] ?? null;
}

/** `major:minor:inode` as /proc/locks writes a file's device and inode (glibc's encoding of st_dev). */
function idOf(file: string): string | null {
  try {
    const { dev, ino } = statSync(file, { bigint: true });
    const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
    const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
    return `${major}:${minor}:${ino}`;
  } catch {
    return null;
  }
}
