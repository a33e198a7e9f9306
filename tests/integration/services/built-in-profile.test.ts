import { afterEach, describe, expect, it } from "vitest";
import { startAppServices } from "../../../electron/composition/start-app-services.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { BUILT_IN_PROFILE_ID } from "../../../electron/services/vault/profile-vault.ts";
import { webHostEnvironment } from "../../support/services-fixture.ts";
import { tempDir } from "../../support/local-gateway.ts";

let services: AppServices | null = null;
afterEach(async () => {
  await services?.close();
  services = null;
});

describe("the built-in profile of the embedded gateway", () => {
  it("uses the demo key when the gateway config defines no keys", async () => {
    services = await startAppServices(webHostEnvironment(tempDir("app-")), { localGatewayConfig: { timeScale: 0 } });
    const snapshot = await services.budget.snapshot(BUILT_IN_PROFILE_ID);
    expect(snapshot.balance.api_key.name).toBe("Demo key");
  });

  it("uses the first configured key when the gateway config has keys", async () => {
    services = await startAppServices(webHostEnvironment(tempDir("app-")), {
      localGatewayConfig: {
        timeScale: 0,
        tenants: [{ id: "t", name: "Team", topupBalance: 3, giftBalance: 0 }],
        keys: [
          { key: "sk-config-first-0001", tenant: "t", id: "k1", name: "First key" },
          { key: "sk-config-second-0002", tenant: "t", id: "k2", name: "Second key" },
        ],
      },
    });
    const snapshot = await services.budget.snapshot(BUILT_IN_PROFILE_ID);
    expect(snapshot.balance.api_key.name).toBe("First key");
    expect(snapshot.balance.balance).toBe(3);
  });

  it("suggests exactly the models the embedded gateway offers, from its own catalog", async () => {
    services = await startAppServices(webHostEnvironment(tempDir("app-")), { localGatewayConfig: { timeScale: 0 } });
    const models = services.vault.modelsOf(BUILT_IN_PROFILE_ID)!;
    const offered = await (
      await fetch(`${services.localGateway!.url}/v1/models`, {
        headers: { authorization: `Bearer ${services.localGateway!.defaultKey}` },
      })
    ).json();
    const codes = (offered as { data: { id: string }[] }).data.map(({ id }) => id).sort();
    expect([...models.chat, ...models.search, ...models.image, ...models.video].sort()).toEqual(codes);
    expect(models.chat).toContain("chat-fast");
    expect(models.video).toContain("video-std");
  });
});
