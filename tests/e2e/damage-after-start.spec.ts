import { closeSync, openSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { backedUpFolder } from "./support/backed-up-folder.ts";

/** Garbage over two pages in the middle of the file: only reading it whole finds it, after the start. */
function overwriteMiddle(file: string): void {
  const fd = openSync(file, "r+");
  writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(statSync(file).size / 2 / 4096) * 4096);
  closeSync(fd);
}

test("damage the check after the start finds: the window goes to the recovery page, and Restore loses nothing", async ({
  launchApp,
}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "Electron asks in a dialog (damaged-data-dialog.test.ts).");
  const dataDir = await backedUpFolder(launchApp);

  const database = join(dataDir, "modeldesk.sqlite");
  overwriteMiddle(database);
  const damaged = await launchApp({ dataDir: dataDir, gatewayConfig: { timeScale: 0 } });
  const { page } = damaged;
  await expect(page.getByRole("heading", { name: "ModelDesk cannot open its data safely" })).toBeVisible();
  await expect(page.getByRole("listitem")).toContainText(`${database} is damaged (`);
  expect(damaged.output()).toContain(`data damaged: ${database} is damaged (`);
  await page.getByRole("button", { name: "Restore the latest backup" }).click();

  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await expect(page.getByRole("button", { name: /Remember this conversation/ }).first()).toBeVisible();
});
