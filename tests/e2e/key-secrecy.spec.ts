import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test, type RunningApp } from "./support/app-fixture.ts";
import { startGateway } from "./support/test-gateway.ts";

const LAUNCH_KEY = "sk-e2e-secret-launch-7f3a9c";
const TYPED_KEY = "sk-e2e-secret-typed-41d8e2";
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 5, giftBalance: 0 }],
    keys: [
      { key: LAUNCH_KEY, tenant: "t", id: "k1", name: "Launch key" },
      { key: TYPED_KEY, tenant: "t", id: "k2", name: "Typed key" },
    ],
  });
});
test.afterAll(() => gateway.close());

async function everythingThePageHolds(app: RunningApp): Promise<string> {
  const { page } = app;
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  const cookies = JSON.stringify(await page.context().cookies());
  return [await page.content(), storage, cookies].join("\n");
}

test("the key never reaches the page: DOM, storage, cookies, bridge frames", async ({ launchApp }) => {
  const app = await launchApp({ profile: { url: gateway.url, key: LAUNCH_KEY } });
  const { page } = app;
  await page.getByRole("button", { name: "Budget" }).click();
  await expect(page.getByTestId("key-name")).toHaveText("Launch key");

  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Add profile" }).click();
  const form = page.getByRole("form", { name: "New profile" });
  await form.getByLabel("Name").fill("Typed");
  await form.getByLabel("Base URL").fill(gateway.url);
  await form.getByLabel("API key").fill(TYPED_KEY);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await page.getByRole("button", { name: "Test connection: Typed" }).click();
  await expect(page.getByRole("listitem", { name: "Typed" }).getByRole("status")).toContainText("Typed key");
  await page.getByRole("button", { name: "Use: Typed" }).click();
  await page.getByRole("button", { name: "Budget" }).click();
  await expect(page.getByTestId("key-name")).toHaveText("Typed key");

  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByTestId("key-hint")).toHaveText(["Key …9c", "Key …e2"]);
  const held = await everythingThePageHolds(app);
  for (const key of [LAUNCH_KEY, TYPED_KEY]) expect(held).not.toContain(key);

  // The launch key never crosses the bridge; the typed key crosses once, outwards, in the save call.
  expect(app.frames.received.length).toBeGreaterThan(10);
  const received = app.frames.received.join("\n");
  expect(received).toContain("Typed key");
  for (const key of [LAUNCH_KEY, TYPED_KEY]) expect(received).not.toContain(key);
  expect(app.frames.sent.join("\n")).not.toContain(LAUNCH_KEY);
  const carryingTypedKey = app.frames.sent.filter((frame) => frame.includes(TYPED_KEY));
  expect(carryingTypedKey).toHaveLength(1);
  expect(JSON.parse(carryingTypedKey[0]!).channel).toBe("profiles.save");

  // Nor the app's output, nor any file it wrote (settings, database and its journal, media).
  await app.close();
  expect(app.output()).toContain("app at ");
  const files = filesUnder(app.dataDir);
  expect(files.some((file) => file.endsWith("settings.json"))).toBe(true);
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const key of [LAUNCH_KEY, TYPED_KEY]) expect(bytes.includes(key), `${file} holds a key`).toBe(false);
  }
  for (const key of [LAUNCH_KEY, TYPED_KEY]) expect(app.output()).not.toContain(key);
});

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
