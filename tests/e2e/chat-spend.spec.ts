import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { startNewChat } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-chat-spend-0001";
/** chat-fast: ¥0.002 per 1k input tokens and ¥0.006 per 1k output; a reply may write 1024 tokens. */
const DAILY_BUDGET = 0.003;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 960, height: 640 },
];
const artifact = (project: string, name: string) =>
  join(PROJECT_ROOT, "tests", "artifacts", `${project}-chat-spend-${name}.png`);
let budgeted: RunningGateway;
let slow: RunningGateway;
let unpriced: RunningGateway;

test.beforeAll(async () => {
  const tenants = [{ id: "t", name: "Tenant", topupBalance: 100, giftBalance: 0 }];
  budgeted = await startGateway({
    tenants,
    // A key for each window size: each spends its own day.
    keys: VIEWPORTS.map(({ width }) => ({
      key: `${KEY}-${width}`,
      tenant: "t",
      id: `k${width}`,
      name: "Chat key",
      dailyBudget: DAILY_BUDGET,
    })),
    timeScale: 0.05,
  });
  unpriced = await startGateway({
    tenants,
    keys: [{ key: KEY, tenant: "t", id: "k", name: "Chat key", dailyBudget: DAILY_BUDGET }],
    timeScale: 0.05,
    publishPrices: false,
  });
  slow = await startGateway({
    tenants,
    keys: [{ key: KEY, tenant: "t", id: "k", name: "Chat key" }],
    timeScale: 1,
    tokensPerSecond: 15,
    firstTokenDelayMs: 100,
  });
});
test.afterAll(async () => {
  await budgeted.close();
  await unpriced.close();
  await slow.close();
});

const replies = (page: Page) => page.getByRole("article", { name: "Assistant" });

async function openChat(page: Page) {
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await startNewChat(page);
}

for (const viewport of VIEWPORTS) {
  test(`Send shows the reply's estimated cost, refuses what the budget cannot cover and asks when it may not (${viewport.width}×${viewport.height})`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp({ profile: { url: budgeted.url, key: `${KEY}-${viewport.width}` } });
    const shot = (name: string) =>
      page.screenshot({ path: artifact(testInfo.project.name, `${name}-${viewport.width}`) });
    await page.setViewportSize(viewport);
    // The estimate is held against the reading the status bar takes at start.
    await expect(page.getByText(/^Today: ¥[\d.]+ left$/)).toBeVisible();
    await openChat(page);
    const message = page.getByRole("textbox", { name: "Message" });
    const estimate = page.getByTestId("cost-estimate");

    // About 2,000 tokens of input alone cost ¥0.004, more than the ¥0.003 left today.
    await message.fill("word ".repeat(1600));
    await expect(estimate).toContainText(/^Estimated cost ≈ ¥0\.00\d+ – ¥0\.0\d+/);
    await expect(estimate.getByRole("alert")).toHaveText(
      /this is more than today's remaining budget \(¥0\.0030\) by ¥0\.00\d+: the gateway would refuse it\.$/,
    );
    await message.press("Enter");
    await expect(message).toHaveValue("word ".repeat(1600));
    await expect(page.getByRole("article", { name: "You" })).toHaveCount(0);
    await expect(estimate.getByRole("alert")).toBeInViewport();
    await shot("over");

    // A short question costs little, but its 1024 tokens of output may cost more than is left.
    await message.fill("Hello there");
    await expect(estimate.getByRole("alert")).toHaveCount(0);
    await expect(estimate).toContainText(/this may be more than today's remaining budget \(¥0\.0030\) by ¥0\.00\d+\.$/);
    await shot("short");
    await message.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Spend more than is left?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(message).toHaveValue("Hello there");
    await expect(page.getByRole("article", { name: "You" })).toHaveCount(0);
    await message.press("Enter");
    await dialog.getByRole("button", { name: "Send anyway" }).click();
    await expect(replies(page).last().getByTestId("finish")).toHaveText("Finished");
    await expect(estimate).toHaveCount(0);

    // What is typed next is estimated again, the words just sent included.
    await message.fill("Hello there");
    await expect(estimate).toContainText(/^Estimated cost ≈ ¥0\.\d+/);
    await message.fill("And one more question");
    await expect(estimate).toContainText(/^Estimated cost ≈ ¥0\.\d+/);
  });
}

test("a model whose price is not known yet is said so and never held back", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: unpriced.url, key: KEY } });
  await expect(page.getByText(/^Today: ¥[\d.]+ left$/)).toBeVisible();
  await openChat(page);
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("Hello there");
  await expect(page.getByTestId("cost-estimate")).toHaveText("Estimated cost unknown until the first charge");
  await message.press("Enter");
  await expect(replies(page).last().getByTestId("finish")).toHaveText("Finished");
});

test("a stopped reply shows what it cost", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: slow.url, key: KEY } });
  await openChat(page);
  await page.getByRole("textbox", { name: "Message" }).fill("Tell me a long story");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(replies(page).last().locator(".markdown")).toContainText(/\w+ \w+ \w+/);
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(replies(page).last().getByRole("status")).toHaveText("Stopped");
  // The gateway charged for what it delivered, which the app did not count: a range that holds it.
  await expect(replies(page).last().getByTestId("reply-cost")).toHaveText(/^cost ≈ ¥0\.\d+ – ¥0\.\d+$/, {
    timeout: 45_000,
  });
});

test("a reply whose price no source confirms shows its range in the reply, the Requests table and other spend", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ profile: { url: unpriced.url, key: KEY } });
  await page.setViewportSize({ width: 1280, height: 800 });
  // A movement is measured between two readings: the one taken at start must come before the call.
  await expect(page.getByText(/^Today: ¥[\d.]+ left$/)).toBeVisible();
  await openChat(page);
  await page.getByRole("textbox", { name: "Message" }).fill("What is a kite?");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  // The server publishes no price: the reply may have cost anything up to what the key moved.
  const range = /≈ ¥0\.00 – ¥0\.\d+/;
  await expect(replies(page).last().getByTestId("reply-cost")).toHaveText(new RegExp(`^cost ${range.source}$`));
  await page.getByRole("button", { name: "Budget", exact: true }).click();
  const row = page.getByRole("table", { name: "Requests" }).getByRole("row").filter({ hasText: "chat-fast" });
  await expect(row.getByTestId("request-cost")).toHaveText(range);
  await expect(page.getByTestId("other-spend")).toContainText("part may be this app's calls of unknown price");
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact(testInfo.project.name, "unconfirmed-range") });
});
