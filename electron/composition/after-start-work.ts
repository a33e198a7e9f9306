import type { DatabaseSync } from "node:sqlite";
import type { DataUpkeepState, UpkeepWork } from "../../shared/ipc/data-upkeep.ts";
import type { LedgerRetention } from "../../shared/ipc/ledger.ts";
import { startSearchBackfill } from "../services/chat/message-search-backfill.ts";
import { startLedgerUpkeep } from "../services/ledger/ledger-upkeep.ts";
import type { AfterStartUpkeep } from "../services/app-services.ts";
import { startDataUpkeep, type UpkeepEvents } from "../services/store/data-upkeep.ts";

/** What the start leaves in steps on the app's thread once the upkeep is over. */
type StepWork = Extract<UpkeepWork, "indexingSearch" | "tidyingLedger">;

export interface AfterStartWork {
  /** The upkeep, its state saying the steps after it too while they run. */
  readonly upkeep: AfterStartUpkeep;
  /** Stops the steps, lets the upkeep finish (a start always leaves a backup) and waits for all of it. */
  close(): Promise<void>;
}

/**
 * The work a start leaves for after it, in order: the data upkeep (`data-upkeep.ts`), then, side
 * by side a step per turn, the messages written before the search index (`message-search-backfill.ts`)
 * and the ledger's pruning and daily sums (`ledger-upkeep.ts`). The status bar says each while it
 * runs: on a year of heavy use the steps take tens of seconds, and searches and the spend charts
 * read slower meanwhile.
 */
export function startAfterStartWork(
  dataDir: string,
  db: DatabaseSync,
  retention: LedgerRetention,
  events: UpkeepEvents,
): AfterStartWork {
  const steps = new Set<StepWork>();
  let own: DataUpkeepState = { work: null, damaged: false };
  const state = (): DataUpkeepState => {
    const [step = null] = steps;
    return own.work === null && !own.damaged ? { ...own, work: step } : own;
  };
  const upkeep = startDataUpkeep(dataDir, db, {
    ...events,
    changed: (next) => {
      own = next;
      events.changed(state());
    },
  });
  const say = (work: StepWork, running: boolean) => {
    if (running) steps.add(work);
    else steps.delete(work);
    events.changed(state());
  };
  const search = startSearchBackfill(db, upkeep.done, (running) => say("indexingSearch", running));
  const ledger = startLedgerUpkeep(db, upkeep.done, retention, (running) => say("tidyingLedger", running));
  return {
    upkeep: { ...upkeep, state, pruneLedger: (keep) => ledger.prune(keep) },
    async close() {
      search.stop();
      ledger.stop();
      await upkeep.finish();
      await search.done;
      await ledger.done;
    },
  };
}
