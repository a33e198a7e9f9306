import { spawn } from "node:child_process";
import { join } from "node:path";
import type { ElectronApplication } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { electronBinary, PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "electron", "Windows, the menu and single instance exist only in Electron.");
});

/** Clicks an item of the application menu by its label, as the user would. */
async function clickMenuItem(app: ElectronApplication, label: string): Promise<void> {
  await app.evaluate(({ Menu }, wanted) => {
    const items = Menu.getApplicationMenu()?.items.flatMap((menu) => menu.submenu?.items ?? []) ?? [];
    const item = items.find((candidate) => candidate.label === wanted);
    if (!item) throw new Error(`no menu item ${wanted}`);
    item.click();
  }, label);
}

const quickWindowVisible = (app: ElectronApplication) =>
  app.evaluate(({ BrowserWindow }) =>
    BrowserWindow.getAllWindows().some(
      (window) => window.webContents.getURL().endsWith("/quick") && window.isVisible(),
    ),
  );

test("the menu's Quick chat opens the quick window, which answers and continues in the main window", async ({
  launchApp,
}) => {
  const { page, electron } = await launchApp();
  if (!electron) throw new Error("the Electron project has an Electron application");
  expect(await quickWindowVisible(electron)).toBe(false);
  await clickMenuItem(electron, "Quick chat");
  await expect.poll(() => quickWindowVisible(electron)).toBe(true);
  const quick = electron.windows().find((window) => window.url().endsWith("/quick"));
  if (!quick) throw new Error("no quick chat window");
  await quick.getByRole("textbox", { name: "Message" }).fill("Hello from the quick window");
  await quick.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(quick.getByRole("article", { name: "Assistant" }).getByTestId("finish")).toBeVisible({
    timeout: 60_000,
  });
  await quick.getByRole("button", { name: "Open in ModelDesk" }).click();
  await expect.poll(() => quickWindowVisible(electron)).toBe(false);
  await expect(page.getByRole("region", { name: "Hello from the quick window" })).toBeVisible();
});

test("a second launch exits and leaves the first instance running", async ({ launchApp }) => {
  const { page, dataDir } = await launchApp();
  const binary = electronBinary();
  if (!binary) throw new Error("the Electron project has an Electron binary");
  const second = spawn(
    binary,
    [join(PROJECT_ROOT, "dist", "electron", "main", "main.js"), `--user-data-dir=${dataDir}`],
    {
      stdio: "ignore",
    },
  );
  const code = await new Promise((resolve) => second.once("exit", resolve));
  expect(code).toBe(0);
  await expect(page.getByRole("navigation", { name: "Panes" })).toBeVisible();
});
