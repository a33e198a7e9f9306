import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { backedUpFolder } from "./support/backed-up-folder.ts";

test("garbled settings: the app names the file and restores the latest backup, losing nothing", async ({
  launchApp,
}) => {
  const dataDir = await backedUpFolder(launchApp);

  const settings = join(dataDir, "settings.json");
  writeFileSync(settings, '{"profiles": [');
  const damaged = await launchApp({ dataDir: dataDir, gatewayConfig: { timeScale: 0 } });
  expect(damaged.output()).toContain(`data damaged: ${settings} is damaged`);
  const { page } = damaged;
  await expect(page.getByRole("heading", { name: "ModelDesk cannot open its data safely" })).toBeVisible();
  await expect(page.getByRole("listitem")).toContainText(`${settings} is damaged`);
  await expect(page.getByRole("button", { name: "Start fresh" })).toBeVisible();
  await page.getByRole("button", { name: "Restore the latest backup" }).click();

  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await expect(page.getByRole("button", { name: /Remember this conversation/ }).first()).toBeVisible();
});
