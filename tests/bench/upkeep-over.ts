import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";
import { backupsOf } from "../../electron/services/store/data-backups.ts";
import { invoke, openBridgeAt, secretHeldBy } from "../support/bridge-client.ts";

const POLL_MS = 250;

/**
 * Resolves once the start's data upkeep has run and ended (its check and its backup, several seconds
 * at a million ledger rows), asked over the page's own bridge: a pane measured meanwhile shares two
 * cores with it, and its tasks' wall time tells the backup's load more than the pane's work.
 */
export async function upkeepOver(page: Page, dataDir: string): Promise<void> {
  const bridge = await openBridgeAt(new URL(page.url()).origin, await secretHeldBy(page));
  try {
    for (;;) {
      // Before it begins its state is idle too: only a new backup tells a finished upkeep from one to come.
      const backedUp = backupsOf(dataDir, "database").length > 0;
      const state = await invoke<{ ok: boolean; data?: { work: string | null } }>(bridge, "app.dataUpkeep");
      if (backedUp && state.ok && state.data?.work === null) return;
      await sleep(POLL_MS);
    }
  } finally {
    bridge.close();
  }
}
