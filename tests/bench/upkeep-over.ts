import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";
import { backupsOf } from "../../electron/services/store/data-backups.ts";
import { invoke, openBridgeAt, secretHeldBy } from "../support/bridge-client.ts";

const POLL_MS = 250;
/** Its check and backup take some 10 s at a million ledger rows, three seconds after the start. */
const UPKEEP_LIMIT_MS = 5 * 60_000;

/**
 * Resolves once the upkeep of a start made after `startedAt` has run and ended (its check and its
 * backup), asked over the page's own bridge: a pane measured meanwhile shares two cores with it,
 * and its tasks' wall time tells the backup's load more than the pane's work. Throws when the
 * upkeep found damage, or has not ended within UPKEEP_LIMIT_MS.
 */
export async function upkeepOver(page: Page, dataDir: string, startedAt: Date): Promise<void> {
  const bridge = await openBridgeAt(new URL(page.url()).origin, await secretHeldBy(page));
  const deadline = Date.now() + UPKEEP_LIMIT_MS;
  try {
    for (;;) {
      // Before it begins its state is idle too: only a backup of this start tells a finished upkeep from one to come.
      const backedUp = backupsOf(dataDir, "database").some((backup) => new Date(backup.takenAt) > startedAt);
      const state = await invoke<{ ok: boolean; data?: { work: string | null; damaged: boolean } }>(
        bridge,
        "app.dataUpkeep",
      );
      if (!state.ok || state.data?.damaged) throw new Error(`the start's upkeep failed: ${JSON.stringify(state)}`);
      if (backedUp && state.data?.work === null) return;
      if (Date.now() > deadline) throw new Error(`no backup of this start within ${UPKEEP_LIMIT_MS / 60_000} min`);
      await sleep(POLL_MS);
    }
  } finally {
    bridge.close();
  }
}
