import { join } from "node:path";
import type { Page } from "@playwright/test";
import { GALLERY_PAGE_SIZE } from "../../shared/ipc/gallery.ts";
import { MediaLibrary } from "../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { twoColourPngDataUrl } from "../support/media-probe.ts";
import { expect, test, type RunningApp } from "./support/app-fixture.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

/** More than two pages: the last one part full. */
const SEEDED = 2 * GALLERY_PAGE_SIZE + 50;
const FIRST = "a first picture";

/** Pictures kept as the media library keeps them, most in the same millisecond, under the profile of the one there. */
function seedPictures(dataDir: string, count: number): void {
  const db = openAppDatabase(join(dataDir, DATA_FILES.database));
  try {
    const profileId = db.prepare("SELECT profile_id FROM media LIMIT 1").get()?.["profile_id"];
    if (typeof profileId !== "string") throw new Error("the gallery holds no picture yet");
    const media = new MediaLibrary(db, join(dataDir, "media"), String);
    const bytes = Buffer.from(twoColourPngDataUrl(32, 24, [200, 40, 40], [40, 40, 200]).split(",")[1]!, "base64");
    for (let index = 0; index < count; index++) {
      media.save({
        taskId: null,
        profileId,
        kind: "image",
        bytes,
        mime: "image/png",
        prompt: `seeded picture ${index}`,
        model: "image-fast",
        size: "32x24",
        duration: null,
        remoteUrl: null,
        requestId: null,
      });
    }
  } finally {
    db.close();
  }
}

/** The image pages the page has asked main for so far. */
const pageReads = (app: RunningApp) =>
  app.frames.sent.filter((frame) => frame.includes('"gallery.page"') && frame.includes('"kind":"image"')).length;

/** The pictures' cards drawn now, top to bottom. */
const drawnPictures = (page: Page) =>
  page
    .getByRole("region", { name: "Image gallery" })
    .locator("article.media-card:not(.media-card--failed):not(.media-card--pending)")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? ""));

/** Scrolls the gallery with the wheel to its end, noting every picture in the order it first shows. */
async function scrollToEnd(page: Page, last: string): Promise<string[]> {
  const gallery = page.getByRole("region", { name: "Image gallery" });
  const box = (await gallery.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const seen: string[] = [];
  for (let step = 0; step < 400; step++) {
    for (const prompt of await drawnPictures(page)) if (!seen.includes(prompt)) seen.push(prompt);
    if (seen.includes(last)) return seen;
    await page.mouse.wheel(0, 500);
    // Two frames: the scroll is drawn, and a page it asked for has had its turn to arrive.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  throw new Error(`the end of the gallery never showed; ${seen.length} pictures seen`);
}

test("the gallery opens on its newest page and shows every picture once as the user scrolls to the end", async ({
  launchApp,
}) => {
  const first = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await first.page.getByRole("button", { name: "Images", exact: true }).click();
  await first.page.getByLabel("Prompt").fill(FIRST);
  await first.page.getByLabel("Size").fill("256x256");
  await first.page.getByRole("button", { name: "Generate", exact: true }).click();
  const gallery = first.page.getByRole("region", { name: "Image gallery" });
  await expect(gallery.getByRole("img", { name: FIRST, exact: true })).toBeVisible({ timeout: 30_000 });
  await first.close();
  seedPictures(first.dataDir, SEEDED);

  const app = await launchApp({ dataDir: first.dataDir, gatewayConfig: { timeScale: 0.05 } });
  const { page } = app;
  await page.getByRole("button", { name: "Images", exact: true }).click();
  const newest = `seeded picture ${SEEDED - 1}`;
  await expect(
    page.getByRole("region", { name: "Image gallery" }).getByRole("article", { name: newest, exact: true }),
  ).toBeVisible();
  // Only the newest page is read to open it; the viewer counts every picture all the same.
  expect(pageReads(app)).toBe(1);
  await page.getByRole("button", { name: `Open ${newest}`, exact: true }).click();
  await expect(page.getByRole("dialog", { name: `Viewing: ${newest}` })).toContainText(`1 of ${SEEDED + 1}`);
  await page.keyboard.press("Escape");

  const seen = await scrollToEnd(page, FIRST);
  const expected = [...Array.from({ length: SEEDED }, (_, index) => `seeded picture ${SEEDED - 1 - index}`), FIRST];
  expect(seen).toEqual(expected);
  // Each page read once, the last part full.
  expect(pageReads(app)).toBe(Math.ceil((SEEDED + 1) / GALLERY_PAGE_SIZE));

  // A deletion and a new picture reach the grid as main announces them, without reading the list again.
  const reads = pageReads(app);
  await page.getByRole("button", { name: `Delete: ${FIRST}` }).click();
  await expect(page.getByRole("article", { name: FIRST, exact: true })).toHaveCount(0);
  await expect
    .poll(() => app.frames.received.some((frame) => frame.includes('"gallery.changed"')), {
      timeout: 20_000,
    })
    .toBe(true);
  await page.getByLabel("Prompt").fill("a later picture");
  await page.getByLabel("Size").fill("256x256");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await page
    .getByRole("region", { name: "Image gallery" })
    .locator(".gallery__scroller")
    .evaluate((scroller) => {
      scroller.scrollTop = 0;
    });
  const later = page
    .getByRole("region", { name: "Image gallery" })
    .getByRole("article", { name: "a later picture", exact: true });
  await expect(later).toBeVisible({ timeout: 30_000 });
  await later.getByRole("button", { name: "Details" }).click();
  await expect(page.getByRole("dialog", { name: "Viewing: a later picture" })).toContainText(`1 of ${SEEDED + 1}`);
  expect(pageReads(app)).toBe(reads);
});
