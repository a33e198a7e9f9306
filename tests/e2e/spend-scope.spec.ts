import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { newProfileForm } from "./support/profile-form.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-scope-0001";
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 500, giftBalance: 0 }],
    keys: [{ key: KEY, tenant: "t", id: "k1", name: "Office key", dailyBudget: 50, monthlyBudget: null }],
  });
});
test.afterAll(() => gateway.close());

async function generate(page: Page, prompt: string) {
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await page.getByRole("combobox", { name: "Model" }).fill("image-fast");
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("region", { name: "Image gallery" }).getByRole("img", { name: prompt })).toBeVisible({
    timeout: 30_000,
  });
}

const amountOf = (text: string, name: string) => Number(new RegExp(`${name} ≈? ?¥([\\d.]+)`).exec(text)?.[1]);

test("All profiles as the charts' scope shows each profile's spend side by side and their sum", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await generate(page, "a lighthouse on the local gateway");
  const form = await newProfileForm(page, { name: "Office gateway", baseUrl: gateway.url, key: KEY });
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await page.getByRole("combobox", { name: "Active profile" }).selectOption({ label: "Office gateway" });
  await generate(page, "a lighthouse on the office gateway");

  await page.getByRole("button", { name: "Budget", exact: true }).click();
  const period = page.getByRole("group", { name: "Period" });
  await expect(period.getByRole("combobox", { name: "Scope" })).toHaveValue("profile");
  await expect(page.getByRole("region", { name: "Spend by profile" })).toHaveCount(0);
  await period.getByRole("combobox", { name: "Scope" }).selectOption({ label: "All profiles" });
  const byProfile = page.getByRole("region", { name: "Spend by profile" });
  await expect(byProfile).toBeVisible();
  const summary = page.getByTestId("spend-profile-summary");
  await expect(summary).toContainText(/Local gateway \(offline\) ≈? ?¥[\d.]+/);
  await expect(summary).toContainText(/Office gateway ≈? ?¥[\d.]+/);
  // The total is the two profiles' spend summed (same currency), and by model says the same.
  await expect(async () => {
    const text = (await summary.textContent()) ?? "";
    const local = amountOf(text, "Local gateway \\(offline\\)");
    const office = amountOf(text, "Office gateway");
    const total = Number(/¥([\d.]+)(?: – ¥[\d.]+)? in 7 days:/.exec(text)?.[1]);
    expect(local).toBeGreaterThan(0);
    expect(office).toBeGreaterThan(0);
    expect(total).toBeCloseTo(local + office, 2);
    const byModel = (await page.getByTestId("spend-model-summary").textContent()) ?? "";
    expect(Number(/¥([\d.]+)(?: – ¥[\d.]+)? in 7 days:/.exec(byModel)?.[1])).toBeCloseTo(total, 2);
  }).toPass({ timeout: 15_000 });
  // The table stays the active profile's calls, and says so.
  await expect(page.getByRole("region", { name: "Requests" })).toContainText("The active profile's calls");
  await period.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-budget-all-profiles.png`),
  });

  // At 960 px the period's controls, a custom range among them, wrap rather than run off the card.
  await page.setViewportSize({ width: 960, height: 640 });
  await period.getByRole("combobox", { name: "Period" }).selectOption({ label: "Custom range" });
  await period.scrollIntoViewIfNeeded();
  for (const control of await period.locator("select, input").all()) await expect(control).toBeInViewport();
  await expect(byProfile).toBeVisible();
  expect(await byProfile.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-budget-all-profiles-960.png`),
  });

  await period.getByRole("combobox", { name: "Scope" }).selectOption({ label: "This profile" });
  await expect(byProfile).toHaveCount(0);
});
