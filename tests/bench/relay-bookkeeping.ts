import type { AppServices } from "../../electron/services/app-services.ts";
import { startServices } from "../support/services-fixture.ts";
import { tempDir } from "../support/local-gateway.ts";
import { sized } from "./bench-size.ts";
import { median, report } from "./measure.ts";
import { relay, type RelayOptions } from "./relay-reply.ts";
import { timeStatementsUnder } from "./store-timing.ts";

const ROUNDS = 30;

/**
 * The time the app's database statements take between Send and the reply's done (the question, the
 * reply's row, its settling, the ledger's row), and the commits among them, per reply; then what
 * the app writes after the done (the reply's search index, the call's settling), until the next turn
 * of the event loop. Beside them, one empty write transaction on the same database.
 */
export async function relayBookkeeping(
  gateway: { readonly url: string; readonly key: string },
  suffix: string,
  options: RelayOptions = {},
): Promise<void> {
  const dataDir = tempDir("bench-app-");
  const timing = timeStatementsUnder(dataDir);
  let services: AppServices | null = null;
  const spent = { ms: 0, commits: 0, afterDoneMs: 0 };
  const rounds = sized(ROUNDS, 2);
  try {
    services = await startServices(gateway.url, gateway.key, dataDir);
    const db = services.db;
    await relay(services, "warm up", options);
    await new Promise(setImmediate);
    for (let round = 0; round < rounds; round++) {
      await relay(services, `Bookkeeping prompt ${round}`, {
        ...options,
        atSend: () => void timing.take(),
        atDone: () => {
          const { ms, commits } = timing.take();
          spent.ms += ms;
          spent.commits += commits;
        },
      });
      await new Promise(setImmediate);
      spent.afterDoneMs += timing.take().ms;
    }
    const emptyCommit = Array.from({ length: sized(200, 5) }, () => {
      const started = performance.now();
      db.exec("BEGIN IMMEDIATE");
      db.exec("COMMIT");
      return performance.now() - started;
    });
    report(`relay_bookkeeping_empty_commit_ms${suffix}`, median(emptyCommit), "ms");
  } finally {
    await services?.close();
    timing.restore();
  }
  report(`relay_bookkeeping_ms_per_reply${suffix}`, spent.ms / rounds, "ms");
  report(`relay_bookkeeping_commits_per_reply${suffix}`, spent.commits / rounds, "commits");
  report(`relay_bookkeeping_after_done_ms_per_reply${suffix}`, spent.afterDoneMs / rounds, "ms");
}
