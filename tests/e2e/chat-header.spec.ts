import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { ask } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(
    testInfo.project.name === "electron",
    "The embedded gateway's timing can only be set in the web host, and Electron saves through a dialog.",
  );
});

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} the conversation's tools all show whole, nothing scrolls sideways, and Export works`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    await ask(page, "Export me please");
    const header = page.locator(".conversation-header");
    const tools = [
      header.getByRole("combobox", { name: "Model" }),
      header.getByRole("combobox", { name: "API format (OpenAI / Anthropic)" }),
      header.getByRole("button", { name: "Conversation settings" }),
      header.getByRole("button", { name: "Export" }),
    ];
    const headerBox = (await header.boundingBox())!;
    for (const tool of tools) {
      await expect(tool).toBeVisible();
      const box = (await tool.boundingBox())!;
      // Whole: inside the header and the window, and what a pointer at its centre reaches.
      expect(box.x).toBeGreaterThanOrEqual(headerBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(headerBox.x + headerBox.width, viewport.width));
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      expect(
        await tool.evaluate((element, at) => element.contains(document.elementFromPoint(at.x, at.y)), centre),
      ).toBe(true);
    }
    // Nothing in the header scrolls sideways (labels kept for screen readers only are 1 px boxes, not scrollers).
    const scrollers = await header.evaluate((element) =>
      [element, ...element.querySelectorAll("*")]
        .filter(
          (each) =>
            each.clientWidth > 1 &&
            each.scrollWidth > each.clientWidth &&
            getComputedStyle(each).overflowX !== "visible",
        )
        .map((each) => each.className),
    );
    expect(scrollers).toEqual([]);
    await expect(header.getByRole("button", { name: "Export" })).toHaveText(/^Export/);
    await page.screenshot({
      path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-chat-header-${viewport.width}.png`),
    });

    await header.getByRole("button", { name: "Export" }).click();
    const menu = page.getByRole("menu", { name: "Export" });
    await expect(menu.getByRole("menuitem", { name: "Export Markdown" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Export JSON" })).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe("Export-me-please.json");
    await expect(menu).toHaveCount(0);
    await expect(header.getByRole("button", { name: "Export" })).toBeFocused();
  });
}
