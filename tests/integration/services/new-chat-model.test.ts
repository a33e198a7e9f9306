import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversationSummary } from "../../../shared/ipc/chat.ts";
import type { Result } from "../../../shared/ipc/result.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { waitUntil } from "../../support/local-gateway.ts";
import { mainAgainstGateway } from "../../support/main-core-fixture.ts";
import { startVariantServer, type VariantServer } from "../../support/variant-server.ts";

const main = mainAgainstGateway();
const { page } = recordingPage();
let variant: VariantServer;

beforeAll(async () => {
  variant = await startVariantServer(["echo"]);
});
afterAll(() => variant.close());

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = (await main.core.route(channel, payload, page)) as Result<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data;
}

/** A profile for the server that lists one model, saved and chosen while its model list is held back. */
async function chosenWhileListHeld(key: string): Promise<() => void> {
  const release = variant.holdModelList();
  const asked = variant.requests.length;
  const { id } = await call<{ id: string }>("profiles.save", { name: key, baseUrl: variant.url, auth: "bearer", key });
  await call("profiles.select", { id });
  await waitUntil(
    async () => variant.requests.slice(asked).some((request) => request.path === "/v1/models"),
    (listAsked) => listAsked,
  );
  return release;
}

describe("a new conversation on a profile just saved", () => {
  it("waits for the server's model list and takes its one model", async () => {
    const release = await chosenWhileListHeld("sk-variant-0000-0101");
    const created = call<ConversationSummary>("chat.create");
    release();
    expect((await created).settings.model).toBe("echo");
  });

  it("does not wait on a server that never lists its models: it starts with the app's default", async () => {
    const release = await chosenWhileListHeld("sk-variant-0000-0102");
    try {
      const created = await call<ConversationSummary>("chat.create");
      expect(created.settings.model).toBe("chat-fast");
    } finally {
      release();
    }
  });
});

describe("a new conversation on a server whose one model looks like another kind", () => {
  it("takes that model rather than one the server does not have", async () => {
    const searchOnly = await startVariantServer(["gpt-4o-search-preview"]);
    try {
      const key = "sk-variant-0000-0103";
      const { id } = await call<{ id: string }>("profiles.save", {
        name: key,
        baseUrl: searchOnly.url,
        auth: "bearer",
        key,
      });
      await call("profiles.select", { id });
      expect((await call<ConversationSummary>("chat.create")).settings.model).toBe("gpt-4o-search-preview");
    } finally {
      await searchOnly.close();
    }
  });
});
