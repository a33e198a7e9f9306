import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { dropFile } from "./support/drop-file.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { twoColourPngDataUrl } from "../support/media-probe.ts";

/** How far a video must have played to count as playing. */
const PLAYED_SECONDS = 0.2;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

async function open(page: Page, pane: "Images" | "Videos" | "Tasks") {
  await page.getByRole("button", { name: pane, exact: true }).click();
}

test("generate an image and find it in the gallery", async ({ launchApp }, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await open(page, "Images");
  await page.getByLabel("Prompt").fill("a red fox in the snow");
  await page.getByLabel("Size").fill("5000x5000");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert")).toContainText("between 64 and 2048");
  await page.getByLabel("Size").fill("320x240");
  await page.getByRole("checkbox", { name: "Run as a task (async)" }).check();
  await page.getByRole("button", { name: "Generate" }).click();
  const gallery = page.getByRole("region", { name: "Image gallery" });
  const card = gallery.getByRole("article", { name: "a red fox in the snow" });
  await expect(card.getByRole("img", { name: "a red fox in the snow" })).toBeVisible({ timeout: 30_000 });
  // The card shows a preview made for its box; the viewer shows the image itself.
  const preview = await card
    .getByRole("img")
    .evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  expect(preview).toEqual([267, 200]);
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-images-gallery.png`),
  });
  await card.getByRole("button", { name: "Details" }).click();
  const details = page.getByRole("dialog", { name: "Viewing: a red fox in the snow" });
  const full = details.getByRole("img", { name: "a red fox in the snow" });
  await expect(full).toBeVisible();
  expect(await full.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([
    320, 240,
  ]);
  await expect(details).toContainText("image-fast");
  await expect(details).toContainText(/req_[0-9a-f]+/);
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);
  await expect(card.getByRole("link", { name: "Save as…" })).toHaveAttribute(
    "download",
    /^a-red-fox-in-the-snow-[0-9a-f]{8}\.png$/,
  );
  await card.getByRole("button", { name: "Animate: a red fox in the snow" }).click();
  const zone = page.getByRole("group", { name: "Reference image" });
  await expect(zone.getByRole("img", { name: "Reference image preview" })).toBeVisible();
  await expect(zone).toContainText("a red fox in the snow");
  await expect(page.getByRole("button", { name: "Generate video" })).toBeVisible();
});

test("drop an image file on Reference image and get a video that plays in the gallery", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.02 } });
  await open(page, "Videos");
  const zone = page.getByRole("group", { name: "Reference image" });
  await dropFile(page, zone, "notes.txt", "text/plain", Buffer.from("hello").toString("base64"));
  await expect(page.getByRole("alert")).toContainText("not a PNG or JPEG");
  // Named and typed as a PNG, but it is text: refused by its content before anything is sent.
  await dropFile(page, zone, "fake.png", "image/png", Buffer.from("not really a picture").toString("base64"));
  await expect(page.getByRole("alert")).toContainText("not a PNG or JPEG");
  await expect(zone.getByRole("img")).toHaveCount(0);
  const png = twoColourPngDataUrl(160, 90, [220, 30, 30], [30, 30, 220]).split(",")[1]!;
  await dropFile(page, zone, "reference.png", "image/png", png);
  await expect(zone.getByRole("img", { name: "Reference image preview" })).toBeVisible();
  await expect(zone).toContainText("reference.png");
  await page.getByLabel("Prompt").fill("the flag waves");
  await page.getByRole("button", { name: "Generate video" }).click();
  const gallery = page.getByRole("region", { name: "Video gallery" });
  await gallery.getByRole("button", { name: "Open the flag waves" }).click({ timeout: 45_000 });
  const video = page.getByRole("dialog", { name: "Viewing: the flag waves" }).getByLabel("Video player");
  const playback = await video.evaluate(async (element: HTMLVideoElement, playedSeconds) => {
    element.muted = true;
    if (element.readyState < 1) await new Promise((resolve) => (element.onloadedmetadata = resolve));
    await element.play();
    // Playing means the time moves on, however slowly a loaded machine decodes.
    await new Promise<void>((resolve) => {
      const moved = () => element.currentTime > playedSeconds && resolve();
      element.addEventListener("timeupdate", moved);
      moved();
    });
    return {
      width: element.videoWidth,
      height: element.videoHeight,
      duration: element.duration,
    };
  }, PLAYED_SECONDS);
  expect(playback).toMatchObject({ width: 1280, height: 720, duration: 5 });
  await page.keyboard.press("Escape");
  await zone.getByRole("button", { name: "Clear reference image" }).click();
  await expect(zone.getByRole("img")).toHaveCount(0);
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-videos-gallery.png`),
  });
});

test("a third video waits for a slot; tasks are cancelled from Tasks", async ({ launchApp }, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.1, videoSeconds: [600, 600] } });
  await open(page, "Videos");
  for (const prompt of ["first video", "second video", "third video"]) {
    await page.getByLabel("Prompt").fill(prompt);
    await page.getByRole("button", { name: "Generate video" }).click();
    await expect(page.getByRole("button", { name: "Generate video" })).toBeEnabled();
  }
  await open(page, "Tasks");
  const third = page.getByRole("row", { name: "third video" });
  await expect(third).toContainText("Waiting for a slot");
  await expect(third).toContainText("2 videos are already running");
  await expect(page.getByRole("row", { name: "first video" })).toContainText(/Queued|Processing/);
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-tasks-table.png`) });

  await third.getByRole("button", { name: "Cancel" }).click();
  await expect(third).toContainText("Cancelled");
  const first = page.getByRole("row", { name: "first video" });
  await first.getByRole("button", { name: "Cancel" }).click();
  await expect(first).toContainText("Cancelled");
  await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "Cancelled" }).click();
  await expect(page.getByRole("row")).toHaveCount(3);
  await page.getByRole("button", { name: "Clear finished" }).click();
  await expect(page.getByText("No tasks here")).toBeVisible();
});

test("a task the gateway failed shows its code, message and request id, and no frozen progress", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await open(page, "Images");
  await page.getByRole("combobox", { name: "Model" }).fill("image-upstream-error");
  await page.getByLabel("Prompt").fill("a lighthouse that will not render");
  await page.getByRole("button", { name: "Generate" }).click();
  await open(page, "Tasks");
  const row = page.getByRole("row", { name: "a lighthouse that will not render" });
  await expect(row.getByText("Failed")).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId("request-id")).toHaveText(/^req_/);
  await expect(row.getByRole("progressbar")).toHaveCount(0);
});
