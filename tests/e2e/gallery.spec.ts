import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { twoColourPngDataUrl } from "../support/media-probe.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

const shot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${project}-${name}.png`) });

async function generate(page: Page, prompt: string, size: string) {
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByLabel("Size").fill(size);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(
    page.getByRole("region", { name: "Image gallery" }).getByRole("img", { name: prompt, exact: true }),
  ).toBeVisible({ timeout: 30_000 });
}

test("the viewer shows an image large, zooms, walks the gallery by keyboard and shows every detail", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await generate(page, "a lighthouse at dusk", "640x480");
  await generate(page, "a kettle on a stove", "320x240");

  const gallery = page.getByRole("region", { name: "Image gallery" });
  await gallery.getByRole("button", { name: "Open a kettle on a stove" }).click();
  const viewer = page.getByRole("dialog", { name: "Viewing: a kettle on a stove" });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText("1 of 2");
  await expect(viewer.getByRole("complementary", { name: "Details" })).toContainText("image-fast");
  await expect(viewer).toContainText(/req_[0-9a-f]+/);
  await expect(viewer).toContainText("320x240");
  const fitted = await viewer.getByRole("img", { name: "a kettle on a stove" }).evaluate((img) => img.clientWidth);
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByRole("status").or(viewer.locator("output"))).toHaveText("150%");
  const zoomed = await viewer.getByRole("img", { name: "a kettle on a stove" }).evaluate((img) => img.clientWidth);
  expect(zoomed).toBeGreaterThan(fitted * 1.4);
  await shot(page, testInfo.project.name, "gallery-viewer");

  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Viewing: a lighthouse at dusk" })).toContainText("2 of 2");
  await expect(page.getByRole("dialog")).toContainText("640x480");
  await expect(page.getByRole("dialog").getByRole("button", { name: "Next" })).toBeDisabled();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Viewing: a kettle on a stove" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(gallery.getByRole("button", { name: "Open a kettle on a stove" })).toBeFocused();

  // Details opens the same viewer from the card's button.
  await gallery.getByRole("article", { name: "a lighthouse at dusk" }).getByRole("button", { name: "Details" }).click();
  await expect(page.getByRole("dialog", { name: "Viewing: a lighthouse at dusk" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a card whose file left the media folder says so instead of showing a broken image", async ({ launchApp }) => {
  const app = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await app.page.getByRole("button", { name: "Images", exact: true }).click();
  await generate(app.page, "a lost kite", "256x256");
  await app.close();
  rmSync(join(app.dataDir, "media"), { recursive: true });
  const { page } = await launchApp({ dataDir: app.dataDir });
  await page.getByRole("button", { name: "Images", exact: true }).click();
  const card = page.getByRole("region", { name: "Image gallery" }).getByRole("article", { name: "a lost kite" });
  await expect(card.getByRole("status")).toHaveText("The file is no longer in the media folder.");
  await expect(card.getByRole("img")).toHaveCount(0);
});

test("delete can be undone; a failed generation stays in the gallery with why and Retry", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await generate(page, "a paper boat", "256x256");
  const gallery = page.getByRole("region", { name: "Image gallery" });

  await gallery.getByRole("button", { name: "Delete: a paper boat" }).click();
  await expect(gallery.getByRole("article", { name: "a paper boat" })).toHaveCount(0);
  await expect(gallery.getByRole("status")).toContainText("Deleted “a paper boat”.");
  await gallery.getByRole("button", { name: "Undo" }).click();
  await expect(gallery.getByRole("article", { name: "a paper boat" })).toBeVisible();
  await page.reload();
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await expect(gallery.getByRole("article", { name: "a paper boat" })).toBeVisible();

  await page.getByLabel("Model").fill("image-upstream-error");
  await page.getByLabel("Prompt").fill("a broken bridge");
  await page.getByRole("checkbox", { name: "Run as a task (async)" }).check();
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const failed = gallery.getByRole("article", { name: "Not generated: a broken bridge" });
  await expect(failed).toContainText("Failed", { timeout: 30_000 });
  await expect(failed).toContainText("upstream_error");
  await expect(failed.getByTestId("request-id")).toHaveText(/req_[0-9a-f]+/);
  await shot(page, testInfo.project.name, "gallery-failed-card");
  await failed.getByRole("button", { name: "Retry" }).click();
  // Retry is a new, charged submission: it asks first, and Keep as is keeps the card.
  const asking = page.getByRole("dialog", { name: "Submit again?" });
  await expect(asking.getByRole("button", { name: "Keep as is" })).toBeFocused();
  await asking.getByRole("button", { name: "Keep as is" }).click();
  await expect(asking).toHaveCount(0);
  await failed.getByRole("button", { name: "Dismiss: a broken bridge" }).click();
  await expect(failed).toHaveCount(0);
  await page.getByRole("button", { name: "Tasks", exact: true }).click();
  await expect(page.getByRole("row", { name: "a broken bridge" })).toBeVisible();
});

test("the Images form keeps its values across panes and restarts; errors go when their input changes", async ({
  launchApp,
}) => {
  const { page } = await launchApp();
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await page.getByLabel("Prompt").fill("a quiet harbour");
  await page.getByRole("button", { name: "Portrait 1024×1536" }).click();
  await expect(page.getByLabel("Size")).toHaveValue("1024x1536");
  await expect(page.getByRole("button", { name: "Portrait 1024×1536" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Seed").fill("-3");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("seed must be a whole number from 0 to 4294967295");
  await page.getByLabel("Seed").fill("42");
  await expect(page.getByRole("alert")).toHaveCount(0);

  await page.getByRole("button", { name: "Videos", exact: true }).click();
  await page.getByLabel("Duration").selectOption("8");
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await expect(page.getByLabel("Prompt")).toHaveValue("a quiet harbour");
  await expect(page.getByLabel("Seed")).toHaveValue("42");
  await page.reload();
  await page.getByRole("button", { name: "Videos", exact: true }).click();
  await expect(page.getByLabel("Duration")).toHaveValue("8");
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await expect(page.getByLabel("Size")).toHaveValue("1024x1536");
  await expect(page.getByLabel("Prompt")).toHaveValue("a quiet harbour");
});

test("the reference image can be chosen by keyboard alone, and the zone keeps its column width at 960×640", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp();
  // Listening early lets Playwright finish intercepting file choosers before Enter opens one.
  const chooser = page.waitForEvent("filechooser");
  await page.setViewportSize({ width: 960, height: 640 });
  await page.getByRole("button", { name: "Videos", exact: true }).click();
  await page.getByLabel("Image URL").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Use link" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Choose file…")).toBeFocused();
  await page.keyboard.press("Enter");
  const png = twoColourPngDataUrl(1600, 900, [200, 40, 40], [40, 40, 200]).split(",")[1]!;
  await (
    await chooser
  ).setFiles({
    name: "a-very-long-file-name-for-a-reference-picture.png",
    mimeType: "image/png",
    buffer: Buffer.from(png, "base64"),
  });
  const zone = page.getByRole("group", { name: "Reference image" });
  await expect(zone.getByRole("img", { name: "Reference image preview" })).toBeVisible();
  const form = await page.getByRole("form", { name: "Videos" }).boundingBox();
  const box = await zone.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(form!.x + form!.width);
  await expect(zone.getByRole("button", { name: "Clear reference image" })).toBeInViewport();
  await shot(page, testInfo.project.name, "videos-reference-960x640");
});
