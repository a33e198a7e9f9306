import { join } from "node:path";
import type { Page } from "@playwright/test";
import { twoColourPngDataUrl } from "../support/media-probe.ts";
import { expect, test } from "./support/app-fixture.ts";
import { ask } from "./support/chat-steps.ts";
import { dropFile } from "./support/drop-file.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

/** Where the README's pictures are taken; docs/images/ holds the copies the README shows. */
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "readme", `${name}.png`) });

test("the README's three uses, as a newcomer sees them", async ({ launchApp }) => {
  test.setTimeout(120_000);
  // A clip of 30 s rendering from the start: the first poll, 5 s after Send, finds it under way. (A short clip can be
  // done by then; one still queued then is next looked at near its expected end, past this test's wait.)
  const { page } = await launchApp({
    gatewayConfig: { timeScale: 0.05, videoSeconds: [600, 600], queuedShare: [0, 0] },
  });
  await page.setViewportSize({ width: 1200, height: 700 });

  await ask(page, "Show me a table of three fruits");
  await shoot(page, "chat");

  await page.getByRole("button", { name: "Videos", exact: true }).click();
  const png = twoColourPngDataUrl(320, 180, [240, 150, 40], [40, 90, 200]).split(",")[1]!;
  await dropFile(page, page.getByRole("group", { name: "Reference image" }), "sunset.png", "image/png", png);
  await page.getByLabel("Prompt").fill("the sun sinks slowly into the sea");
  await page.getByRole("button", { name: "Generate video" }).click();
  const card = page.getByRole("article", { name: "In progress: the sun sinks slowly into the sea" });
  await expect(card.getByTestId("task-progress")).toHaveText(/[1-9]\d*%/, { timeout: 30_000 });
  await shoot(page, "video");

  await page.getByRole("button", { name: "Budget", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Budget" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await shoot(page, "budget");
});
