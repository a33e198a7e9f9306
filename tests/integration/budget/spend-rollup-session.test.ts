import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { daysEnding, spendFromRows } from "../../../electron/services/ledger/spend-query.ts";
import { rollupReady } from "../../../electron/services/ledger/spend-rollup.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
import { chatTurn, gatewayCharges, ledgerSettled, QUICK_SAMPLING } from "./budget-session.ts";

let gateway: TestGateway;
let app: AppServices;
let profileId: string;

beforeAll(async () => {
  gateway = await startTestGateway({ timeScale: 0.05 });
  app = await startServices(gateway.url, KEYS.main.key, tempDir("app-"), { samplerTiming: QUICK_SAMPLING });
  profileId = app.vault.resolveId();
});
afterAll(async () => {
  await app.close();
  await gateway.close();
});

describe("the Spend chart's daily sums over a session with the local gateway", () => {
  it("come from the rollup once the start's upkeep is done, and show what the rows and the gateway say", async () => {
    await app.upkeep.finish();
    await waitUntil(async () => rollupReady(app.db), Boolean);
    await app.budget.snapshot(profileId);
    await chatTurn(app, { model: "chat-fast" }, "Hello there");
    await ledgerSettled(app);
    await chatTurn(app, { model: "chat-pro", stream: false }, "Hi again");
    await ledgerSettled(app);
    await app.tasks.generateImage(profileId, {
      prompt: "a lighthouse",
      n: 2,
      size: "96x64",
      responseFormat: "url",
      model: "image-fast",
      async: false,
    });
    await ledgerSettled(app);

    const spend = app.ledger.spend(profileId, 7);
    const rows = spendFromRows(app.db, profileId, daysEnding(7, new Date()));
    expect(spend.map((row) => [row.model, row.kind, row.requests])).toEqual(
      rows.map((row) => [row.model, row.kind, row.requests]),
    );
    const total = spend.reduce((sum, row) => sum + row.cost, 0);
    expect(total).toBeCloseTo(
      rows.reduce((sum, row) => sum + row.cost, 0),
      9,
    );
    const charged = gatewayCharges(gateway).reduce((sum, charge) => sum + charge.amount, 0);
    expect(Math.abs(total - charged)).toBeLessThanOrEqual(charged * 0.02);
    expect(total).toBeGreaterThan(0);
  }, 180_000);
});
