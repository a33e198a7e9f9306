import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { recordPageRequests } from "./support/page-requests.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

const PROMPT = "a lighthouse at dusk";
const previewsIn = (dataDir: string) => join(dataDir, "media", "thumbnails");
/** The previews kept so far: none while the folder is not made yet (the first preview makes it). */
const keptPreviews = (dataDir: string) => (existsSync(previewsIn(dataDir)) ? readdirSync(previewsIn(dataDir)) : []);

/** Generates a 640×480 picture and resolves with its preview's file once the app has kept it. */
async function generateKept(page: Page, dataDir: string): Promise<string> {
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await page.getByLabel("Prompt").fill(PROMPT);
  await page.getByLabel("Size").fill("640x480");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(cardImage(page)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => keptPreviews(dataDir)).toHaveLength(1);
  return join(previewsIn(dataDir), keptPreviews(dataDir)[0] ?? "");
}

const cardImage = (page: Page) =>
  page.getByRole("region", { name: "Image gallery" }).getByRole("img", { name: PROMPT, exact: true });

test("a card shows the preview kept on disk on a later start, never the full picture", async ({ launchApp }) => {
  const app = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await generateKept(app.page, app.dataDir);
  await app.close();

  const { page } = await launchApp({ dataDir: app.dataDir });
  const requests = recordPageRequests(page);
  await page.getByRole("button", { name: "Images", exact: true }).click();
  const image = cardImage(page);
  await expect(image).toHaveAttribute("src", /\/thumbnail$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Made for a 320×200 box: the 640×480 picture comes down to 267×200.
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([267, 200]);
  const full = (await image.getAttribute("src"))?.replace(/\/thumbnail$/, "") ?? "";
  expect((await requests.issuedSoFar()).filter((url) => url.endsWith(full))).toEqual([]);
});

test("a kept preview that no longer reads is made again, not shown broken", async ({ launchApp }) => {
  const app = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const kept = await generateKept(app.page, app.dataDir);
  await app.close();
  // A WebP's signature, so it is served, over bytes no decoder reads.
  const damaged = Buffer.concat([readFileSync(kept).subarray(0, 16), Buffer.alloc(64, 7)]);
  writeFileSync(kept, damaged);

  const { page } = await launchApp({ dataDir: app.dataDir });
  await page.getByRole("button", { name: "Images", exact: true }).click();
  const image = cardImage(page);
  await expect(image).toHaveAttribute("src", /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(267);
  await expect.poll(() => readFileSync(kept).equals(damaged)).toBe(false);
  await expect(page.getByRole("status").filter({ hasText: "no longer in the media folder" })).toHaveCount(0);
});
