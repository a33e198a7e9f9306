import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMainCore } from "../../../electron/ipc/main-core.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import type { DataUpkeepState } from "../../../shared/ipc/data-upkeep.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const DAY = 86_400_000;
/** Enough rows for 40 of the prune's steps. */
const OLD_CALLS = 20_000;

function addOldCalls(db: DatabaseSync, profileId: string): void {
  const row = db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, kind, chargeable, cost, cost_kind)
     VALUES (?, ?, 'POST', '/v1/chat/completions', 5, 'chat', 1, 0.5, 'measured')`,
  );
  db.exec("BEGIN");
  for (let index = 0; index < OLD_CALLS; index++) row.run(profileId, Date.now() - (40 + (index % 50)) * DAY);
  db.exec("COMMIT");
}

const oldCalls = (db: DatabaseSync) =>
  Number(db.prepare("SELECT COUNT(*) AS n FROM request_log WHERE started_at < ?").get(Date.now() - 39 * DAY)?.["n"]);

async function saveRetention(services: AppServices): Promise<void> {
  const result = await createMainCore(services).route(
    "budget.setRetention",
    { days: 32, backgroundDays: 30 },
    recordingPage().page,
  );
  expect(result.ok).toBe(true);
}

describe("saving a shorter keep period", () => {
  it("prunes after the start's upkeep, says so, and stops between steps when the app closes", async () => {
    const dataDir = tempDir("retention-");
    const services = await startServices(gateway.url, KEYS.main.key, dataDir);
    const said: DataUpkeepState[] = [];
    services.subscribe({ dataUpkeepChanged: (state) => said.push(state) });
    addOldCalls(services.db, services.vault.resolveId());
    await saveRetention(services);
    await waitUntil(
      async () => oldCalls(services.db),
      (left) => left === 0,
      60_000,
    );
    expect(said.some((state) => state.work === "tidyingLedger")).toBe(true);

    addOldCalls(services.db, services.vault.resolveId());
    const errors = vi.spyOn(console, "error");
    await saveRetention(services);
    await services.close();
    // A step left running would take its next turn of the event loop now, on the closed database.
    for (let turn = 0; turn < 3; turn++) await new Promise(setImmediate);
    // Nothing ran on the closed database, and what was not pruned yet waits for the next start.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const db = new DatabaseSync(join(dataDir, "modeldesk.sqlite"));
    expect(oldCalls(db)).toBeGreaterThan(0);
    db.close();
  });
});
