import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { startServices } from "../../support/services-fixture.ts";
import { tempDir } from "../../support/local-gateway.ts";
import { startVariantServer, type VariantServer } from "../../support/variant-server.ts";
import { chatTurn, ledgerSettled, QUICK_SAMPLING } from "./budget-session.ts";

let server: VariantServer;
let app: AppServices;

beforeEach(async () => {
  server = await startVariantServer();
  app = await startServices(server.url, "sk-variant-0001", tempDir("no-balance-"), { samplerTiming: QUICK_SAMPLING });
  await app.capabilities.check(app.vault.resolveId());
});

afterEach(async () => {
  await app.close();
  await server.close();
});

describe("spend on a server without a balance endpoint", () => {
  it("books a reply at the user's prices times the usage it returned, and one with no price as unknown", async () => {
    const profileId = app.vault.resolveId();
    expect(app.capabilities.get(profileId).features.balance).toBe("missing");
    app.prices.setUserPrice(profileId, "usage-last", "call", null, 0);
    app.prices.setUserPrice(profileId, "usage-last", "input_1k", null, 1);
    app.prices.setUserPrice(profileId, "usage-last", "output_1k", null, 2);
    await chatTurn(app, { model: "usage-last", stream: true }, "What is this server?");
    await chatTurn(app, { model: "echo", stream: true }, "No price for me.");
    await ledgerSettled(app);
    const entries = app.ledger.entries(profileId, { kind: "chat" });
    // The server said 11 tokens in and 13 out.
    expect(entries.find((entry) => entry.model === "usage-last")).toMatchObject({
      cost: expect.closeTo(0.011 + 0.026, 9),
      costKind: "priced",
    });
    expect(entries.find((entry) => entry.model === "echo")).toMatchObject({ cost: null, costKind: "unknown" });
  });
});
