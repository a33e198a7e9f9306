import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-spend-0001";
const SPENT_KEY = "sk-e2e-spend-0002";
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 200 }],
    keys: [
      { key: KEY, tenant: "t", id: "k1", name: "Spend key", dailyBudget: 5, monthlyBudget: 100 },
      { key: SPENT_KEY, tenant: "t", id: "k2", name: "Spent key", dailyBudget: 0.1 },
    ],
  });
  // Another client uses up the second key's day.
  await fetch(`${gateway.url}/v1/images/generations`, {
    method: "POST",
    headers: { authorization: `Bearer ${SPENT_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "image-fast", prompt: "spend it all", size: "64x64" }),
  });
});
test.afterAll(() => gateway.close());

async function generateImageAndVideo(page: Page) {
  await page.getByRole("button", { name: "Images", exact: true }).click();
  // The model field fills in once the server's models are known.
  await expect(page.getByLabel("Model")).toHaveValue("image-fast");
  await page.getByLabel("Prompt").fill("a lighthouse at dusk");
  await page.getByLabel("Size").fill("320x240");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const images = page.getByRole("region", { name: "Image gallery" });
  await expect(images.getByRole("img", { name: "a lighthouse at dusk" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Videos", exact: true }).click();
  await expect(page.getByLabel("Model")).toHaveValue("video-std");
  await page.getByLabel("Prompt").fill("waves on the rocks");
  // The listed price names no size and no charge has confirmed it at 720p yet: its range (¥1.25 – ¥5.00)
  // reaches past the ¥4.90 left today, so the form asks before spending.
  await expect(page.getByRole("form", { name: "Videos" }).getByTestId("cost-estimate")).toContainText(
    "≈ ¥1.25 – ¥5.00",
  );
  await page.getByRole("button", { name: "Generate video" }).click();
  await page.getByRole("button", { name: "Generate anyway" }).click();
  await expect(page.getByRole("region", { name: "Video gallery" }).locator("video")).toHaveCount(1, {
    timeout: 45_000,
  });
}

test("an image and a video: their costs by model and per request, the CSV, and the next video priced against what is left", async ({
  launchApp,
}, testInfo) => {
  // An image, a video and the budget console with its screenshots: a long walk.
  test.slow();
  const { page } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  await generateImageAndVideo(page);
  await page.getByRole("button", { name: "Budget", exact: true }).click();

  const byModel = page.getByRole("region", { name: "Spend by model" });
  const requests = page.getByRole("table", { name: "Requests" });
  const imageRow = requests.getByRole("row").filter({ hasText: "image-fast" }).first();
  const videoRow = requests.getByRole("row").filter({ hasText: "video-std" }).first();
  // Costs are attributed once the balance has been read after the generations.
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(imageRow.getByTestId("request-cost")).toHaveText(/¥0\.\d+/, { timeout: 2_000 });
    await expect(videoRow.getByTestId("request-cost")).toHaveText(/¥\d+\.\d+/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(byModel).toContainText(/image-fast ≈? ?¥0\.[1-9]\d*/);
  await expect(byModel).toContainText(/video-std ≈? ?¥[1-9]\.\d+/);
  await expect(videoRow).toContainText(/req_[0-9a-f]+/);
  // Minutes of readings and two paid calls forecast nothing: the spend so far is all there is.
  await expect(page.getByTestId("projection-day")).toHaveText(/^Too early to forecast:/);
  await expect(page.getByTestId("projection-month")).toHaveText(/^Too early to forecast this month/);
  await expect(page.getByTestId("projection-balance")).toHaveText(/^Too early to forecast how long the balance lasts/);
  await expect(page.getByTestId("rate-day")).toBeEmpty();

  // A request id finds its one row; the kind filter keeps only its kind.
  const videoRequestId = (await videoRow.getByRole("cell").nth(4).textContent()) ?? "";
  await page.getByRole("searchbox", { name: "Request ID" }).fill(videoRequestId);
  await expect(requests.getByRole("row")).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Request ID" }).fill("");
  await page.getByRole("combobox", { name: "Kind" }).selectOption("image");
  await expect(requests.getByRole("row").filter({ hasText: "image-fast" })).toHaveCount(1);
  await expect(requests.getByRole("row").filter({ hasText: "Balance" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Kind" }).selectOption("");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, "utf8");
  expect(csv).toContain("image-fast");
  expect(csv).toContain("video-std");

  await page.getByRole("button", { name: "Tasks", exact: true }).click();
  await expect(page.getByRole("row", { name: "waves on the rocks" }).getByTestId("task-cost")).toHaveText(/¥\d+\.\d+/);
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-tasks-costs.png`) });

  await page.getByRole("button", { name: "Budget", exact: true }).click();
  // Tall enough for the whole pane, which scrolls inside the window.
  await page.setViewportSize({ width: 1280, height: 2300 });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-budget-spend-${scheme}.png`),
      fullPage: true,
    });
  }

  await page.setViewportSize({ width: 1200, height: 800 });
  await page.getByRole("button", { name: "Videos", exact: true }).click();
  const form = page.getByRole("form", { name: "Videos" });
  // The gateway publishes the price: 5 s at 0.5 a second is more than the day's 2.40 left, and the
  // gateway refuses any call the budget cannot cover, so the form says so instead of offering to try.
  await expect(async () => {
    await page.getByRole("button", { name: "Tasks", exact: true }).click();
    await page.getByRole("button", { name: "Videos", exact: true }).click();
    await expect(form.getByTestId("cost-estimate")).toContainText(/Estimated cost ≈ ¥\d+\.\d+/, { timeout: 2_000 });
    await expect(form.getByRole("alert")).toContainText("more than today's remaining budget (¥2.40) by ¥0.10", {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel("Prompt").fill("one more wave");
  await expect(form.getByRole("button", { name: "Generate video" })).toBeDisabled();
  await expect(form.getByRole("alert")).toContainText("the gateway would refuse it");
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-videos-estimate-over.png`),
  });
  await page.getByRole("button", { name: "Tasks", exact: true }).click();
  await expect(page.getByRole("row", { name: "one more wave" })).toHaveCount(0);
});

test("the Videos form blocks a job when today's budget is used up", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: SPENT_KEY } });
  await page.getByRole("button", { name: "Videos", exact: true }).click();
  await expect(page.getByLabel("Model")).toHaveValue("video-std");
  const form = page.getByRole("form", { name: "Videos" });
  await expect(form.getByTestId("cost-estimate")).toContainText("Estimated cost");
  await expect(form.getByRole("alert")).toContainText("Today's budget is used up");
  await expect(form.getByRole("button", { name: "Generate video" })).toBeDisabled();
});
