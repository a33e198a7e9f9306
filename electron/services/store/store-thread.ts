import { Worker } from "node:worker_threads";
import type { DatabaseReading } from "./data-checks.ts";
import { StoreReplySchema, type StoreJob, type StoreReply } from "./store-job.ts";

// The build emits the worker as a file of its own and rewrites this URL to it (vite.config.ts).
const WORKER_URL = new URL("./store-worker.ts", import.meta.url);

/** SQLite's refusal on the store's thread, with its code, so a cause (locked, full) is named as on the app's own connection. */
export class StoreThreadError extends Error {
  readonly errcode: number | null;

  constructor(message: string, errcode: number | null) {
    super(message);
    this.name = "StoreThreadError";
    this.errcode = errcode;
  }
}

/**
 * Runs one job on a thread of its own, ended after it, so the app's thread goes on serving the
 * window meanwhile. Resolves with a read's reading (null for a build); rejects with SQLite's error.
 */
function runStoreJob(job: StoreJob): Promise<DatabaseReading | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: job });
    const end = (settle: () => void) => {
      worker.removeAllListeners();
      void worker.terminate();
      settle();
    };
    worker.on("message", (message: unknown) => {
      const parsed = StoreReplySchema.safeParse(message);
      const reply: StoreReply = parsed.success
        ? parsed.data
        : { ok: false, message: "the store's thread answered out of shape", errcode: null };
      end(() => (reply.ok ? resolve(reply.reading) : reject(new StoreThreadError(reply.message, reply.errcode))));
    });
    worker.on("error", (error) => end(() => reject(error)));
    worker.on("exit", (code) => end(() => reject(new Error(`the store's thread ended (${code}) before its answer`))));
  });
}

/** A database file read whole (`quick_check`) off the app's thread; `copy`: a backup, read as the bytes it holds. */
export async function readDatabaseOffThread(path: string, copy: boolean): Promise<DatabaseReading> {
  const reading = await runStoreJob({ job: "read", path, copy });
  if (!reading) throw new Error(`reading ${path} gave no reading`);
  return reading;
}

/** Runs `statements` (index builds) on a connection of their own, off the app's thread. */
export async function buildOffThread(path: string, statements: readonly string[]): Promise<void> {
  await runStoreJob({ job: "build", path, statements: [...statements] });
}
