import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import type { DataUpkeepState, UpkeepWork } from "../../../shared/ipc/data-upkeep.ts";
import { allRows } from "../../common/sql-rows.ts";
import { accessCauseOf } from "./data-access.ts";
import { backUpDataFiles } from "./data-backups.ts";
import { DATA_FILES } from "./data-files.ts";
import { BACKGROUND_INDEXES } from "./migrations/background-indexes.ts";
import { restrictTreeToOwner } from "./owner-only.ts";
import { buildOffThread, readDatabaseOffThread, StoreThreadError } from "./store-thread.ts";

export interface UpkeepEvents {
  changed(state: DataUpkeepState): void;
  /** The database failed its check: nothing more is done, and the host stops the app to offer recovery. */
  damaged(): void;
}

export interface DataUpkeep {
  state(): DataUpkeepState;
  /** Settles once the upkeep has ended, whether it finished, found damage or failed. */
  readonly done: Promise<void>;
  /** Starts it now if it still waits (the app is closing: its start still leaves a backup); resolves with `done`. */
  finish(): Promise<void>;
}

/**
 * How long after the start the upkeep waits: the window draws its first screen meanwhile, on the
 * same cores (the upkeep beside it added some 200 ms to a first paint of 500-700 ms).
 */
const UPKEEP_AFTER_MS = 3000;

/**
 * What a start leaves for a few seconds after it, in order, each off the app's thread (a second or
 * more apiece on a year of heavy use): the database read whole (`quick_check`), since the start reads
 * only its header, schema and counters; once it is healthy, the backups (`data-backups.ts`); then the
 * indexes an upgrade left to build, which the app's writes wait for while each is built. Last, every
 * file in the data folder, the new backups too, is made private again (`owner-only.ts`). What fails
 * is tried again at the next start; a process killed meanwhile leaves what the next start sweeps.
 */
export function startDataUpkeep(dataDir: string, db: DatabaseSync, events: UpkeepEvents): DataUpkeep {
  let work: UpkeepWork | null = null;
  const state = (): DataUpkeepState => ({ work, damaged: false });
  const say = (next: UpkeepWork | null) => {
    work = next;
    events.changed(state());
  };
  const file = join(dataDir, DATA_FILES.database);
  const run = async () => {
    say("checking");
    if ((await verdictOf(file)) !== "ok") return events.damaged();
    say("backingUp");
    await backUpDataFiles(dataDir, db);
    const missing = missingIndexes(db);
    if (missing.length === 0) return;
    say("indexing");
    await buildOffThread(file, missing);
  };
  const report = (error: unknown) => console.error("The data upkeep stopped; it runs again at the next start:", error);
  const { promise: begun, resolve: begin } = Promise.withResolvers<void>();
  const timer = setTimeout(begin, UPKEEP_AFTER_MS).unref();
  const done = begun
    .then(run)
    .catch(report)
    .finally(() => say(null))
    .then(() => restrictTreeToOwner(dataDir))
    .catch(report);
  return {
    state,
    done,
    finish() {
      clearTimeout(timer);
      begin();
      return done;
    },
  };
}

/**
 * The database read whole: "ok", or what is wrong with it. A file that cannot be read now (locked,
 * say) is not damaged: that error stops the upkeep, and the next start checks again.
 */
async function verdictOf(file: string): Promise<string> {
  try {
    return (await readDatabaseOffThread(file, false)).verdict;
  } catch (error) {
    // Only SQLite refusing the file is damage; a lock, or the thread itself failing, is not.
    if (!(error instanceof StoreThreadError) || error.errcode === null || accessCauseOf(error)) throw error;
    return error.message;
  }
}

/** The statements building the background indexes the database lacks. */
function missingIndexes(db: DatabaseSync): string[] {
  const rows = allRows<{ name: string }>(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'"));
  const present = new Set(rows.map((row) => row.name));
  return BACKGROUND_INDEXES.filter((index) => !present.has(index.name)).map((index) => index.sql);
}
