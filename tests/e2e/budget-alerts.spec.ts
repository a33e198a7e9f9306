import { join } from "node:path";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { balanceOf, startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-alerts-00001";
const TOAST_KEY = "sk-e2e-alerts-00002";
let gateway: RunningGateway;

/** Charges the key directly, as another client of the same key would. */
async function spend(images: number, key = KEY) {
  const response = await fetch(`${gateway.url}/v1/images/generations`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "image-fast", prompt: "spend", n: images, size: "64x64" }),
  });
  expect(response.status).toBe(200);
}

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 50, giftBalance: 0 }],
    keys: [
      { key: KEY, tenant: "t", id: "k1", name: "Alert key", dailyBudget: 1, monthlyBudget: null },
      { key: TOAST_KEY, tenant: "t", id: "k2", name: "Toast key", dailyBudget: 1, monthlyBudget: null },
    ],
  });
  for (const images of [4, 4, 1]) await spend(images);
  for (const images of [4, 2]) await spend(images, TOAST_KEY);
});
test.afterAll(() => gateway.close());

test("a daily budget past 80 % shows the alert, turns the status bar amber, and follows the profile's thresholds", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  await page.getByRole("button", { name: "Budget" }).click();
  const alerts = page.getByRole("region", { name: "Budget alerts" });
  await expect(alerts).toContainText("Today's budget has reached 80 % (¥0.90 of ¥1.00).");
  await expect(page.getByRole("contentinfo", { name: "Status" }).locator("[data-level]")).toHaveAttribute(
    "data-level",
    "warning",
  );
  await expect(page).toHaveTitle(/Today: ¥0\.10 left/);

  const overview = page.getByRole("table", { name: "All profiles" });
  await expect(overview).toContainText("¥0.90 / ¥0.10");
  await expect(overview).toContainText("Today's budget has reached 80 %");
  await expect(page.getByRole("region", { name: "Rate-limit headroom" })).toContainText(/\d+ of 60/);
  await expect(page.getByRole("region", { name: "Rate-limit headroom" })).toContainText(/of 100,000/);

  await page.getByRole("button", { name: "Settings" }).click();
  const daily = page.getByRole("textbox", { name: "Daily budget alerts (%)" });
  await expect(daily).toHaveValue("50, 80, 95, 100");
  await daily.fill("50, 150");
  await page.getByRole("textbox", { name: "Alert when the balance falls below (CNY)" }).fill("-1");
  await page.getByRole("button", { name: "Save alerts" }).click();
  await expect(page.getByText("A threshold must be a whole number between 1 and 100 %")).toBeVisible();
  await expect(page.getByText("The balance threshold must be a number from 0 to 10,000,000")).toBeVisible();
  await daily.fill("90");
  await page.getByRole("textbox", { name: "Alert when the balance falls below (CNY)" }).fill("");
  await page.getByRole("button", { name: "Save alerts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  const keepDays = page.getByRole("textbox", { name: "Keep requests for (days)" });
  await expect(keepDays).toHaveValue("180");
  await keepDays.fill("0");
  await page.getByRole("button", { name: "Save history setting" }).click();
  await expect(page.getByText("Keep a whole number of days, between 1 and 3650")).toBeVisible();
  await keepDays.fill("30");
  await page.getByRole("button", { name: "Save history setting" }).click();
  await expect(page.getByText("Keep a whole number of days, between 1 and 3650")).toBeHidden();
  await page.reload();
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("textbox", { name: "Keep requests for (days)" })).toHaveValue("30");
  // Background calls (polls, readings) have a keep period of their own, checked the same way.
  const keepBackground = page.getByRole("textbox", { name: "Keep background calls for (days)" });
  await expect(keepBackground).toHaveValue("30");
  await keepBackground.fill("4000");
  await page.getByRole("button", { name: "Save history setting" }).click();
  await expect(page.getByText("Keep a whole number of days, between 1 and 3650")).toBeVisible();
  await keepBackground.fill("7");
  await page.getByRole("button", { name: "Save history setting" }).click();
  await expect(page.getByText("Keep a whole number of days, between 1 and 3650")).toBeHidden();
  await page.reload();
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("textbox", { name: "Keep background calls for (days)" })).toHaveValue("7");
  await expect(page.getByRole("textbox", { name: "Keep requests for (days)" })).toHaveValue("30");

  // The next reading fires the new threshold the spend has already passed, once.
  await page.getByRole("button", { name: "Budget" }).click();
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(alerts).toContainText("Today's budget has reached 90 % (¥0.90 of ¥1.00).");
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "web-budget-alerts.png") });
  await overview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "web-budget-profiles.png") });
});

test("an alert reaches the user on whatever pane they are: a toast that leads to the Budget pane, and a badge on the rail", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: TOAST_KEY } });
  await expect(page.getByLabel("Message")).toBeVisible();
  const toast = page.getByRole("status", { name: "Budget alert: Gateway at " + new URL(gateway.url).host });
  await expect(toast).toContainText("Today's budget has reached 50 % (¥0.60 of ¥1.00).");
  await expect(page.getByTestId("budget-alert-badge")).toHaveAttribute("title", "1 budget alert");
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "web-budget-alert-toast.png") });
  await toast.getByRole("button", { name: "See alerts" }).click();
  await expect(page.getByRole("region", { name: "Budget alerts" })).toContainText("Today's budget has reached 50 %");
  await expect(toast).toBeHidden();
});

test("a refund that brings today's use back under a threshold ends its alert in the banner and All profiles", async ({
  launchApp,
}) => {
  const key = "sk-e2e-alerts-00003";
  // Failed tasks end after 5-15 s here: long enough for a reading to see the charge first.
  const refunding = await startGateway({
    timeScale: 0.5,
    tenants: [{ id: "t", name: "Tenant", topupBalance: 50, giftBalance: 0 }],
    keys: [{ key, tenant: "t", id: "k3", name: "Refund key", dailyBudget: 1, monthlyBudget: null }],
  });
  try {
    const generate = (model: string, n: number) =>
      fetch(`${refunding.url}/v1/images/generations`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ model, prompt: "spend", n, size: "64x64" }),
      });
    expect((await generate("image-fast", 4)).status).toBe(200);
    // Charged 0.20 now, refunded when the gateway fails it.
    expect((await generate("image-upstream-error", 1)).ok).toBe(true);
    const { page } = await launchApp({ profile: { url: refunding.url, key } });
    await page.getByRole("button", { name: "Budget", exact: true }).click();
    const alerts = page.getByRole("region", { name: "Budget alerts" });
    await expect(alerts).toContainText("Today's budget has reached 50 % (¥0.60 of ¥1.00).");
    await expect
      .poll(async () => (await balanceOf(refunding, key)).api_key.daily_used, { timeout: 30_000 })
      .toBeLessThan(0.5);
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(page.getByRole("region", { name: "Daily budget" })).toContainText("Used ¥0.40 of ¥1.00");
    await expect(alerts).toBeHidden();
    const overview = page.getByRole("table", { name: "All profiles" });
    await expect(overview.getByRole("row").nth(1).getByRole("cell").last()).toHaveText("—");
  } finally {
    await refunding.close();
  }
});
