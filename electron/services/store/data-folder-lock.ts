import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The file that says which process has the data folder; removed when it closes. */
export const LOCK_FILE = "modeldesk.lock";

class DataFolderInUse extends Error {
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by process ${pid} (another ModelDesk). Close it, or start with --data DIR.`,
    );
    this.name = "DataFolderInUse";
    this.pid = pid;
  }
}

export interface DataFolderLock {
  release(): void;
}

/**
 * Takes the data folder for this process: two hosts on one folder would poll, download and record
 * every task twice. A lock left by a process that no longer runs (killed) is taken over.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid }), { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderOf(file);
      if (holder !== null && holder !== process.pid && isRunning(holder)) throw new DataFolderInUse(dataDir, holder);
      rmSync(file, { force: true });
    }
  }
  return {
    release() {
      if (holderOf(file) === process.pid) rmSync(file, { force: true });
    },
  };
}

function holderOf(file: string): number | null {
  try {
    const { pid } = JSON.parse(readFileSync(file, "utf8")) as { pid?: unknown };
    return typeof pid === "number" && Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
