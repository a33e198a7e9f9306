import type { DatabaseSync } from "node:sqlite";
import { oneRow } from "../../common/sql-rows.ts";
import { inTransaction } from "../../common/sql-transaction.ts";
import { stepsInTurns } from "../../common/steps-in-turns.ts";

/**
 * Messages indexed per step: a few milliseconds of the app's thread (the trigram index takes about
 * 0.1 ms a message), so a call arriving meanwhile waits no longer than that.
 */
const STEP_MESSAGES = 100;

/** Where the backlog stands: the messages below this rowid are not in the search index yet; null when none is left. */
export function searchBacklogBelow(db: DatabaseSync): number | null {
  return oneRow<{ below: number }>(db.prepare("SELECT below FROM message_search_backlog"))?.below ?? null;
}

/**
 * Indexes the newest `STEP_MESSAGES` messages of the backlog, with the backlog's bound in the same
 * commit, so the triggers (which keep what is above it) and this never index a message twice.
 * Returns whether any backlog is left.
 */
export function indexSearchBacklogStep(db: DatabaseSync): boolean {
  return inTransaction(db, () => {
    const below = searchBacklogBelow(db);
    if (below === null) return false;
    const from = oneRow<{ rowid: number }>(
      db.prepare("SELECT rowid FROM messages WHERE rowid < ? ORDER BY rowid DESC LIMIT 1 OFFSET ?"),
      below,
      STEP_MESSAGES - 1,
    )?.rowid;
    db.prepare(
      "INSERT INTO message_search (rowid, content) SELECT rowid, content FROM messages WHERE rowid >= ? AND rowid < ?",
    ).run(from ?? Number.MIN_SAFE_INTEGER, below);
    if (from === undefined) db.prepare("DELETE FROM message_search_backlog").run();
    else db.prepare("UPDATE message_search_backlog SET below = ?").run(from);
    return from !== undefined;
  });
}

export interface SearchBackfill {
  /** Stops before the next step (await `done` then); what is indexed stays, and the next start goes on from there. */
  stop(): void;
  /** Settles once the backlog is indexed, or the backfill stopped or failed. */
  readonly done: Promise<void>;
}

/**
 * Indexes the messages written before the search index existed (the first start after the upgrade),
 * newest first, once `after` settles (the data upkeep, which reads the whole file too), one step per
 * turn of the event loop: calls and replies are served between steps. Until it ends, a search reads
 * the rest from the text itself (conversation-search.ts). `busy` hears when there is more than a step.
 */
export function startSearchBackfill(
  db: DatabaseSync,
  after: Promise<void>,
  busy?: (running: boolean) => void,
): SearchBackfill {
  let stopped = false;
  const run = async () => {
    await after;
    await stepsInTurns(
      () => indexSearchBacklogStep(db),
      () => stopped,
      busy,
    );
  };
  const done = run().catch((error: unknown) =>
    console.error("Indexing messages for search stopped; it goes on at the next start:", error),
  );
  return {
    stop: () => {
      stopped = true;
    },
    done,
  };
}
