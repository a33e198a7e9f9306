import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

/**
 * The texts of the table's cells (and the parts inside them) that are cut: wider than the room they
 * are shown in. A model's name and a request id end in "…" by design where long, whole in the
 * cell's title; every other cell must fit.
 */
function clippedCells(table: Locator): Promise<string[]> {
  return table.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>("[role=cell], [role=cell] > span, [role=columnheader]")]
      .filter((cell) => !cell.matches("[role=row] > :nth-child(3), [role=row] > :nth-child(5)"))
      .filter((cell) => cell.offsetParent !== null && cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => cell.textContent ?? "")
      // A row wider than the table is cut at its end (the table hides what overflows).
      .concat(element.scrollWidth > element.clientWidth + 1 ? ["the table"] : []),
  );
}

/** The active profile's row of All profiles shows the reading its cards show: balance and today's use. */
async function expectOverviewMatchesCards(page: Page) {
  const used = page.getByRole("region", { name: "Daily budget" }).getByText(/^Used ¥[\d.,]+ of/);
  await expect(used).toBeVisible();
  const overview = page.getByRole("table", { name: "All profiles" }).getByRole("row").nth(1);
  await expect(async () => {
    const today = /^Used (¥[\d.,]+) of/.exec((await used.textContent()) ?? "")?.[1];
    const balance = await page.getByTestId("balance-amount").textContent();
    await expect(overview.getByRole("cell").nth(0)).toHaveText(balance ?? "", { timeout: 1_000 });
    await expect(overview.getByRole("cell").nth(1)).toHaveText(new RegExp(`^${today?.replace(".", "\\.")} /`), {
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
}

test("a refunded task's row reads its cost, refund and net whole, with timings named for what they measure, at 960 and 1280 px", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await page.getByRole("combobox", { name: "Model" }).fill("image-upstream-error");
  await page.getByLabel("Prompt").fill("a lighthouse that will not render");
  await page.getByRole("button", { name: "Generate" }).click();
  await page.getByRole("button", { name: "Tasks", exact: true }).click();
  await expect(page.getByRole("row", { name: "a lighthouse that will not render" }).getByText("Failed")).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole("button", { name: "Budget", exact: true }).click();
  await expectOverviewMatchesCards(page);
  const requests = page.getByRole("table", { name: "Requests" });
  const row = requests.getByRole("row").filter({ hasText: "image-upstream-error" }).first();
  // The refund is known once a balance reading after the failure has been read.
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(row.getByTestId("request-cost")).toHaveText(/^≈? ?¥(\d+\.\d+) − ¥\1 = ¥0\.00$/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole("cell").nth(3)).toHaveText("refunded");
  await expectOverviewMatchesCards(page);
  // New spend, then the card's Refresh: All profiles, read before it, follows the card's reading.
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await page.getByRole("combobox", { name: "Model" }).fill("image-fast");
  await page.getByLabel("Prompt").fill("a lighthouse that renders");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(
    page.getByRole("region", { name: "Image gallery" }).getByRole("img", { name: "a lighthouse that renders" }),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Budget", exact: true }).click();
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(page.getByRole("region", { name: "Daily budget" }).getByText(/^Used ¥0\.00 of/)).toHaveCount(0);
  await expectOverviewMatchesCards(page);
  await expect(row.getByRole("cell").nth(3)).toHaveAttribute("title", "200");
  await expect(row.getByTestId("request-cost")).toHaveAttribute("title", /^≈? ?¥[\d.]+.* − ¥[\d.]+ refunded = ¥0\.00$/);
  const headers = requests.getByRole("columnheader");
  await expect(headers.filter({ hasText: "First token" })).toHaveCount(1);
  await expect(headers.filter({ hasText: "Total" })).toHaveCount(1);
  await expect(headers.filter({ hasText: "Latency" })).toHaveCount(0);

  // The two widths named, and the ones between where columns make way.
  for (const [width, height] of [
    [1280, 800],
    [1152, 800],
    [1024, 768],
    [960, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByTestId("request-cost")).toBeVisible();
    expect(await clippedCells(requests)).toEqual([]);
    if (width === 1280 || width === 960)
      await page.screenshot({
        path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-requests-refund-${width}.png`),
      });
  }

  // The pane's period drives the spend charts, the Requests table and its CSV.
  await page.setViewportSize({ width: 1280, height: 800 });
  const period = page.getByRole("group", { name: "Period" });
  await expect(period.getByRole("combobox", { name: "Period" })).toHaveValue("7");
  await period.getByRole("combobox", { name: "Period" }).selectOption({ label: "Custom range" });
  await period.getByLabel("Start date").fill("2020-01-01");
  await period.getByLabel("End date").fill("2020-01-31");
  await expect(requests.getByRole("row")).toHaveCount(1);
  await expect(page.getByTestId("spend-model-summary")).toHaveText("Nothing spent in this range yet.");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path()) ?? "", "utf8");
  expect(csv.trim().split("\r\n")).toHaveLength(1);
  await period.getByRole("combobox", { name: "Period" }).selectOption({ label: "Today" });
  await expect(requests.getByRole("row").filter({ hasText: "image-upstream-error" })).toHaveCount(1);
  await expect(page.getByTestId("spend-model-summary")).toContainText(/ today: /);
});
