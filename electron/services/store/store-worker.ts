import { setPriority } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { copyLocation, readDatabase } from "./data-checks.ts";
import { StoreJobSchema, type StoreJob, type StoreReply } from "./store-job.ts";

/** How long a build waits for the app's connection to finish a write before it gives up until the next start. */
const BUILD_WAIT_MS = 5000;

const port = parentPort;
if (!port) throw new Error("store-worker.ts runs only as a worker thread");

/** The lowest priority: a thread that only reads gives way to the app's others. */
const BACKGROUND_NICE = 19;

function run(job: StoreJob): StoreReply {
  if (job.job === "read") {
    // A read takes seconds on a large file, while the window draws its first screen. Only Linux keeps
    // a nice value per thread: elsewhere it would slow the whole app. A build holds the write lock,
    // and so runs at full speed.
    if (process.platform === "linux") setPriority(BACKGROUND_NICE);
    return { ok: true, reading: readDatabase(job.copy ? copyLocation(job.path) : job.path) };
  }
  const db = new DatabaseSync(job.path, { timeout: BUILD_WAIT_MS });
  try {
    for (const statement of job.statements) db.exec(statement);
  } finally {
    db.close();
  }
  return { ok: true, reading: null };
}

function failed(error: unknown): StoreReply {
  const errcode =
    error instanceof Error && "errcode" in error && typeof error.errcode === "number" ? error.errcode : null;
  return { ok: false, message: error instanceof Error ? error.message : String(error), errcode };
}

try {
  port.postMessage(run(StoreJobSchema.parse(workerData)));
} catch (error) {
  port.postMessage(failed(error));
}
