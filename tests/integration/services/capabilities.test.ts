import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMainCore, type MainCore } from "../../../electron/ipc/main-core.ts";
import type { AppServices } from "../../../electron/composition/app-services.ts";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { Result } from "../../../shared/ipc/result.ts";
import { startServices } from "../../support/app-services.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { KEYS, startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
import { startVariantServer, type VariantServer } from "../../support/variant-server.ts";

let variant: VariantServer;
let gateway: TestGateway;
let services: AppServices;
let core: MainCore;
const { page } = recordingPage();

beforeAll(async () => {
  variant = await startVariantServer();
  gateway = await startTestGateway();
  services = await startServices(gateway.url, KEYS.main.key);
  core = createMainCore(services);
});
afterAll(async () => {
  await services.close();
  await gateway.close();
  await variant.close();
});

const call = <T>(channel: string, payload?: unknown) => core.route(channel, payload, page) as Promise<Result<T>>;

async function saved(baseUrl: string, key: string): Promise<string> {
  const result = await call<{ id: string }>("profiles.save", { name: `At ${baseUrl}`, baseUrl, auth: "bearer", key });
  if (!result.ok) throw new Error(result.error.message);
  return result.data.id;
}

const capabilitiesOf = (profileId: string) =>
  waitUntil(
    async () => (await call<ServerCapabilities>("capabilities.get", { profileId })) as Result<ServerCapabilities>,
    (result) => result.ok && result.data.checkedAt !== null && result.data.features.balance !== "unknown",
  ).then((result) => (result.ok ? result.data : null)!);

describe("what a server offers", () => {
  it("is detected on save: the model list and whether there is a balance endpoint", async () => {
    const id = await saved(variant.url, "sk-variant-0000-0002");
    const capabilities = await capabilitiesOf(id);
    expect(capabilities.models).toEqual([...variant.models].sort());
    expect(capabilities.features).toMatchObject({ balance: "missing", messages: "unknown", images: "unknown" });
  });

  it("Test connection succeeds through the model list where there is no balance endpoint", async () => {
    const id = await saved(variant.url, "sk-variant-0000-0003");
    const result = await call("profiles.test", { id });
    expect(result).toMatchObject({ ok: true, data: { via: "models", models: variant.models.length, balance: null } });
  });

  it("a missing endpoint says so instead of an HTTP 404, and is remembered", async () => {
    const id = await saved(variant.url, "sk-variant-0000-0004");
    await capabilitiesOf(id);
    const task = await services.tasks
      .generateImage(id, { model: "plain", prompt: "a cat", n: 1, size: "64x64", responseFormat: "url", async: false })
      .catch((error: unknown) => error);
    expect(task).toMatchObject({ code: "NOT_OFFERED", message: "This server does not offer /v1/images/generations." });
    expect((await capabilitiesOf(id)).features.images).toBe("missing");
  });

  it("the spec's gateway offers the balance, and a model list", async () => {
    const id = await saved(gateway.url, KEYS.other.key);
    const capabilities = await capabilitiesOf(id);
    expect(capabilities.features.balance).toBe("offered");
    expect(capabilities.models).toContain("chat-fast");
    expect(await call("profiles.test", { id })).toMatchObject({ ok: true, data: { via: "balance" } });
  });
});
