import { join } from "node:path";
import type { Locator } from "@playwright/test";
import { zh } from "../../renderer/src/i18n/zh.ts";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

/** WCAG's contrast ratio of an element's text colour against its background colour (both opaque rgb). */
const contrastOf = (element: Locator) =>
  element.evaluate((node) => {
    const luminance = (css: string) => {
      const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((channel) => {
        const value = channel / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(node);
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height}: a file dragged over the window shows where it may go, outside Videos`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp();
    await page.setViewportSize(viewport);
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(8)], "sunset.png", { type: "image/png" }));
      return data;
    });
    const overlay = page.getByRole("status").filter({ hasText: "Drop an image to make a video from it" });
    await page.locator("main").dispatchEvent("dragenter", { dataTransfer: transfer });
    await expect(overlay).toBeVisible();
    await page.screenshot({
      path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-drop-overlay-${viewport.width}.png`),
    });
    await page.locator("main").dispatchEvent("dragleave", { dataTransfer: transfer });
    await expect(overlay).toHaveCount(0);
    // Videos lights up its own drop zone instead.
    await page.getByRole("button", { name: "Videos", exact: true }).click();
    await expect(page.getByRole("group", { name: "Reference image" })).toBeVisible();
    await page.locator("main").dispatchEvent("dragenter", { dataTransfer: transfer });
    await expect(overlay).toHaveCount(0);
    await page.locator("main").dispatchEvent("drop", { dataTransfer: transfer });
  });

  test(`at ${viewport.width}×${viewport.height}: the chosen size reads clearly, and a file too large is named`, async ({
    launchApp,
  }) => {
    const { page } = await launchApp();
    await page.setViewportSize(viewport);
    await page.getByRole("button", { name: "Images", exact: true }).click();
    const square = page.getByRole("group", { name: "Shapes" }).getByRole("button", { name: /^Square/ });
    await square.click();
    await expect(square).toHaveAttribute("aria-pressed", "true");
    expect(await contrastOf(square)).toBeGreaterThanOrEqual(4.5);

    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await page.getByRole("textbox", { name: "Message" }).evaluate((box) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(5 * 1024 * 1024)], "holiday-video.png", { type: "image/png" }));
      box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByRole("alert")).toContainText("holiday-video.png");
    await expect(page.getByRole("alert")).toContainText("Images can be at most 4 MB");
  });
}

test("in Chinese at 960×640 a task's buttons keep their words on one line, and its elapsed time runs", async ({
  launchApp,
}, testInfo) => {
  test.setTimeout(120_000);
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await page.setViewportSize({ width: 960, height: 640 });
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await page.getByRole("combobox", { name: "Language" }).selectOption("zh");
  await page.getByRole("button", { name: zh.nav.videos, exact: true }).click();
  await page.getByLabel(zh.media.prompt).fill("一座灯塔");
  await page.getByRole("button", { name: zh.media.generateVideo }).click();
  await page.getByRole("button", { name: zh.nav.tasks, exact: true }).click();
  const row = page.getByRole("row", { name: "一座灯塔" });
  const elapsed = row.getByRole("cell").nth(5);
  const first = (await elapsed.textContent()) ?? "";
  // It moves every second, not only when the task is polled.
  await expect(elapsed).not.toHaveText(first, { timeout: 5_000 });
  const open = row.getByRole("button", { name: zh.tasks.openResult });
  await expect(open).toBeVisible({ timeout: 90_000 });
  const lines = await open.evaluate((button) => {
    const style = getComputedStyle(button);
    return Math.round(button.getBoundingClientRect().height / parseFloat(style.lineHeight || "16"));
  });
  expect(lines).toBeLessThanOrEqual(1);
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-tasks-zh-960.png`),
  });
});
