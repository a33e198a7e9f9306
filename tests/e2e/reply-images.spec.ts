import type { Page } from "@playwright/test";
import { startRecordingServer, type RecordingServer } from "../support/recording-server.ts";
import { startVariantServer, type VariantServer } from "../support/variant-server.ts";
import { expect, test } from "./support/app-fixture.ts";
import { recordPageRequests, requestsTo } from "./support/page-requests.ts";

let model: VariantServer;
let elsewhere: RecordingServer;

test.beforeAll(async () => {
  model = await startVariantServer();
});
test.afterAll(() => model.close());
test.beforeEach(async () => {
  elsewhere = await startRecordingServer();
});
// A test skipped before its hooks (the Electron project without a binary) started no server.
// eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a hook uses from this pattern.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== "skipped") await elsewhere.close();
});

/** Asks the echo model to repeat a reply with an image from elsewhere and a script link. */
async function echoAttack(page: Page) {
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("button", { name: "New chat" }).first().click();
  const modelField = page.getByRole("combobox", { name: "Model" });
  await modelField.fill("echo");
  await modelField.press("Enter");
  const attack = `Look ![x](${elsewhere.url}/leak.png) and [click](javascript:alert(1)) here.`;
  await page.getByRole("textbox", { name: "Message" }).fill(attack);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
}

test("a reply's image and script link load nothing, not even after a reload", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: model.url, key: "sk-variant-e2e-0002" } });
  const requests = recordPageRequests(page);
  await echoAttack(page);
  const reply = page.getByRole("article", { name: "Assistant" }).last();
  const placeholder = reply.getByRole("button", { name: "Load image: x" });
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText(new URL(elsewhere.url).host);
  await expect(reply.getByRole("img")).toHaveCount(0);
  await expect(reply.getByRole("link")).toHaveCount(0);
  await expect(reply).toContainText("and click here.");
  expect(requestsTo(await requests.issuedSoFar(), elsewhere.url)).toEqual([]);

  // The last conversation reopens on load: still nothing is fetched.
  await page.reload();
  await expect(
    page.getByRole("article", { name: "Assistant" }).last().getByRole("button", { name: "Load image: x" }),
  ).toBeVisible();
  expect(requestsTo(await requests.issuedSoFar(), elsewhere.url)).toEqual([]);
  expect(elsewhere.requests).toEqual([]);
});

test("a reply's Load image button opens the image in a new tab only when clicked", async ({ launchApp }, testInfo) => {
  test.skip(testInfo.project.name !== "web", "Electron hands the click to the system browser (https only).");
  const { page } = await launchApp({ profile: { url: model.url, key: "sk-variant-e2e-0002" } });
  await echoAttack(page);
  await expect(
    page.getByRole("article", { name: "Assistant" }).last().getByRole("button", { name: "Load image: x" }),
  ).toBeVisible();
  const opened = page.context().waitForEvent("page");
  await page.getByRole("button", { name: "Load image: x" }).click();
  await opened;
  // The new tab may ask for a favicon as well.
  await expect.poll(() => elsewhere.requests.map(({ url }) => url)).toContain("/leak.png");
});

test("a pasted reference-image link is shown by its address, not fetched by the page", async ({ launchApp }) => {
  const { page } = await launchApp();
  const requests = recordPageRequests(page);
  await page.getByRole("button", { name: "Videos" }).click();
  const zone = page.getByRole("group", { name: "Reference image" });
  const link = `${elsewhere.url}/reference.png`;
  await zone.getByRole("textbox", { name: "Image URL" }).fill(link);
  await zone.getByRole("button", { name: "Use link" }).click();
  await expect(zone).toContainText(link);
  await expect(zone.getByRole("img")).toHaveCount(0);
  expect(requestsTo(await requests.issuedSoFar(), elsewhere.url)).toEqual([]);
});
