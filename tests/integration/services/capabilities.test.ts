import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMainCore, type MainCore } from "../../../electron/ipc/main-core.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { DATA_FILES } from "../../../electron/services/store/data-files.ts";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { Result } from "../../../shared/ipc/result.ts";
import { startServices } from "../../support/services-fixture.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
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

describe("what a server's model list says of its models", () => {
  it("the local gateway's gives each model's kind, and names those that fail on purpose", async () => {
    const id = await saved(gateway.url, KEYS.other.key);
    const capabilities = await capabilitiesOf(id);
    expect(capabilities.modelKinds).toMatchObject({
      "chat-fast": "chat",
      "web-search": "search",
      "image-fast": "image",
      "video-std": "video",
    });
    expect(capabilities.testModels).toEqual([
      "chat-stream-cut",
      "chat-timeout",
      "chat-upstream-error",
      "image-upstream-error",
      "video-timeout",
      "video-upstream-error",
    ]);
  });

  it("a plain OpenAI list gives none, and none fail on purpose", async () => {
    const capabilities = await capabilitiesOf(await saved(variant.url, "sk-variant-0000-0005"));
    expect(capabilities).toMatchObject({ modelKinds: {}, testModels: [] });
  });

  it("a list recorded before the kinds were kept is asked for again", async () => {
    const dataDir = tempDir("app-");
    const kindsOf = async (running: AppServices) => {
      const result = (await createMainCore(running).route("capabilities.get", {}, page)) as Result<ServerCapabilities>;
      return result.ok ? result.data : null;
    };
    const first = await startServices(gateway.url, KEYS.main.key, dataDir);
    await waitUntil(
      () => kindsOf(first),
      (known) => known?.modelKinds?.["image-fast"] === "image",
    );
    await first.close();
    const db = new DatabaseSync(join(dataDir, DATA_FILES.database));
    db.exec("UPDATE capabilities SET model_kinds = NULL, test_models = NULL");
    db.close();

    const again = await startServices(gateway.url, KEYS.main.key, dataDir);
    try {
      const known = await waitUntil(
        () => kindsOf(again),
        (seen) => seen?.modelKinds !== undefined,
      );
      expect(known?.modelKinds?.["video-std"]).toBe("video");
    } finally {
      await again.close();
    }
  });
});
