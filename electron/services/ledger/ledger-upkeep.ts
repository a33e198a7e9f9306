import type { DatabaseSync } from "node:sqlite";
import type { LedgerRetention } from "../../../shared/ipc/ledger.ts";
import { stepsInTurns } from "../../common/steps-in-turns.ts";
import { pruneLedgerStep } from "./ledger-prune.ts";
import { recutIfZoneMoved, rollupBacklogStep } from "./spend-rollup.ts";

export interface LedgerUpkeep {
  /**
   * Deletes the rows past a keep period just saved, in steps after the work before it (a shorter
   * period can leave hundreds of thousands of rows: tens of seconds).
   */
  prune(retention: LedgerRetention): void;
  /** Stops before the next step (await `done` then); what is done stays, and the next start goes on from there. */
  stop(): void;
  /** Settles once the ledger is pruned and its rollup complete (and every prune asked since), or it stopped or failed. */
  readonly done: Promise<void>;
}

/**
 * What a start leaves of the ledger's upkeep until `after` settles (the data upkeep): the daily
 * rollup cut again if the time zone moved, the rows past their keep period deleted (the first start
 * after a shorter one, hundreds of thousands), then the rows not summed yet (the first start after
 * the rollup came, a million rows in a couple of seconds). One step per turn of the event loop, so
 * calls are served between them; until the rollup is complete, the spend is read from the rows.
 * `busy` hears when either takes more than a step.
 */
export function startLedgerUpkeep(
  db: DatabaseSync,
  after: Promise<void>,
  retention: LedgerRetention,
  busy?: (running: boolean) => void,
): LedgerUpkeep {
  let stopped = false;
  const inSteps = (step: () => boolean) => stepsInTurns(step, () => stopped, busy);
  const pruneStep = (keep: LedgerRetention) => () => pruneLedgerStep(db, keep) > 0;
  const run = async () => {
    await after;
    recutIfZoneMoved(db);
    await inSteps(pruneStep(retention));
    await inSteps(() => rollupBacklogStep(db));
  };
  const report = (error: unknown) => console.error("The ledger's upkeep stopped; it goes on at the next start:", error);
  let done = run().catch(report);
  return {
    prune: (keep) => {
      done = done.then(() => inSteps(pruneStep(keep))).catch(report);
    },
    stop: () => {
      stopped = true;
    },
    get done() {
      return done;
    },
  };
}
