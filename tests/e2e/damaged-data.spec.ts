import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";

test("garbled settings: the app names the file and restores the latest backup, losing nothing", async ({
  launchApp,
}) => {
  const first = await launchApp({ gatewayConfig: { timeScale: 0 } });
  await first.page.getByRole("button", { name: "Chat", exact: true }).click();
  await first.page.getByRole("button", { name: "New chat" }).first().click();
  await first.page.getByRole("textbox", { name: "Message" }).fill("Remember this conversation");
  await first.page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(first.page.getByRole("article", { name: "Assistant" }).getByTestId("finish")).toHaveText("Finished");
  await first.close();
  // The next start takes the backup that holds the conversation.
  await (await launchApp({ dataDir: first.dataDir, gatewayConfig: { timeScale: 0 } })).close();

  const settings = join(first.dataDir, "settings.json");
  writeFileSync(settings, '{"profiles": [');
  const damaged = await launchApp({ dataDir: first.dataDir, gatewayConfig: { timeScale: 0 } });
  expect(damaged.output()).toContain(`data damaged: ${settings} is damaged`);
  const { page } = damaged;
  await expect(page.getByRole("heading", { name: "ModelDesk cannot open its data safely" })).toBeVisible();
  await expect(page.getByRole("listitem")).toContainText(`${settings} is damaged`);
  await expect(page.getByRole("button", { name: "Start fresh" })).toBeVisible();
  await page.getByRole("button", { name: "Restore the latest backup" }).click();

  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await expect(page.getByRole("button", { name: /Remember this conversation/ }).first()).toBeVisible();
});
