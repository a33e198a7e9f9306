import { join } from "node:path";
import type { Page } from "@playwright/test";
import { en } from "../../renderer/src/i18n/en.ts";
import { zh } from "../../renderer/src/i18n/zh.ts";
import { expect, test } from "./support/app-fixture.ts";
import { axeScan, reportAxe, type AxeCount } from "./support/axe-scan.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

const PANES = ["chat", "images", "videos", "tasks", "budget", "settings"] as const;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 960, height: 640 },
] as const;
const STRINGS = { en, zh };

async function seed(page: Page, language: "en" | "zh") {
  const strings = STRINGS[language];
  await page.getByRole("textbox", { name: strings.chat.message }).fill("Show me a table of three fruits");
  await page.getByRole("textbox", { name: strings.chat.message }).press("Enter");
  await expect(page.getByTestId("finish")).toBeVisible();
  await page.getByRole("button", { name: strings.nav.images, exact: true }).click();
  await page.getByRole("textbox", { name: strings.media.prompt }).fill("a lighthouse at dusk");
  await page.getByLabel(strings.media.size).fill("320x240");
  await page.getByRole("button", { name: strings.media.generate, exact: true }).click();
  await expect(page.getByRole("img", { name: "a lighthouse at dusk" })).toBeVisible({ timeout: 30_000 });
}

for (const language of ["en", "zh"] as const)
  for (const theme of ["light", "dark"] as const)
    test(`every pane passes axe with no serious or critical violation (${language}, ${theme}); screenshots at both sizes`, async ({
      launchApp,
    }, testInfo) => {
      test.setTimeout(180_000);
      const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
      await page.evaluate(
        ([chosenLanguage, chosenTheme]) => {
          localStorage.setItem("modeldesk.language", chosenLanguage);
          localStorage.setItem("modeldesk.theme", chosenTheme);
        },
        [language, theme] as const,
      );
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const strings = STRINGS[language];
      await seed(page, language);

      const counts: AxeCount[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const pane of PANES) {
          await page.getByRole("button", { name: strings.nav[pane], exact: true }).click();
          await expect(page.getByRole("button", { name: strings.nav[pane], exact: true })).toHaveAttribute(
            "aria-current",
            "page",
          );
          // A pane's script may arrive after its button is pressed; its heading says it is drawn.
          await expect(page.getByRole("heading", { level: 1, name: strings.nav[pane], exact: true })).toBeAttached();
          // The Budget pane draws its charts and tables in a render after its figures.
          if (pane === "budget") await expect(page.getByRole("table", { name: strings.overview.title })).toBeVisible();
          await page.waitForLoadState("networkidle");
          const name = `${language}-${theme}-${pane}-${size.width}x${size.height}`;
          await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "panes", `${name}.png`) });
          if (size.width === SIZES[0].width) counts.push(await axeScan(page, pane));
        }
      }
      await page.setViewportSize(SIZES[0]);
      await page.getByRole("button", { name: strings.nav.images, exact: true }).click();
      await page
        .getByRole("button", { name: strings.gallery.open.replace("{{prompt}}", "a lighthouse at dusk") })
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.screenshot({
        path: join(PROJECT_ROOT, "tests", "artifacts", "panes", `${language}-${theme}-viewer-1280x800.png`),
      });
      counts.push(await axeScan(page, "viewer"));
      await page.keyboard.press("Escape");

      await page.getByRole("combobox", { name: strings.media.model }).press("ArrowDown");
      await expect(page.getByRole("listbox", { name: strings.picker.suggestions })).toBeVisible();
      await page.screenshot({
        path: join(PROJECT_ROOT, "tests", "artifacts", "panes", `${language}-${theme}-model-picker-1280x800.png`),
      });
      counts.push(await axeScan(page, "model picker"));
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: strings.nav.chat, exact: true }).click();
      await page.getByRole("button", { name: strings.chat.settings }).click();
      await expect(page.getByRole("form", { name: strings.chat.settings })).toBeVisible();
      await page.screenshot({
        path: join(PROJECT_ROOT, "tests", "artifacts", "panes", `${language}-${theme}-settings-drawer-1280x800.png`),
      });
      counts.push(await axeScan(page, "settings drawer"));
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: strings.chat.deleteMessage }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.screenshot({
        path: join(PROJECT_ROOT, "tests", "artifacts", "panes", `${language}-${theme}-confirm-1280x800.png`),
      });
      counts.push(await axeScan(page, "confirm dialog"));
      await page.keyboard.press("Escape");

      reportAxe(`${testInfo.project.name}-${language}-${theme}`, counts);
      expect(counts.flatMap((count) => count.blocking)).toEqual([]);
    });
