import { join } from "node:path";
import { BRIDGE_READY } from "../../shared/ipc/bridge-handshake.ts";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { holdHostFrames } from "./support/held-host-frames.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "Only the web host serves its page before its services open.");
});

test("until the window first reaches its host it says it is starting, and shows no form to press", async ({
  launchApp,
}) => {
  // The host's last word of the handshake held back: the page is loaded, its link to main not yet made.
  const link = holdHostFrames((frame) => frame === JSON.stringify(BRIDGE_READY));
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 }, beforeOpen: link.beforeOpen });
  await expect(page.getByRole("status")).toHaveText("Starting ModelDesk…");
  await expect(page.getByRole("navigation", { name: "Panes" })).toHaveCount(0);
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "web-host-starting.png") });

  link.release();
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await page.getByLabel("Prompt").fill("a kite at dawn");
  await page.getByLabel("Size").fill("256x256");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(
    page.getByRole("region", { name: "Image gallery" }).getByRole("img", { name: "a kite at dawn", exact: true }),
  ).toBeVisible({ timeout: 30_000 });
});
