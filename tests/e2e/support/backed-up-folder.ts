import { expect } from "@playwright/test";
import type { LaunchOptions, RunningApp } from "./app-fixture.ts";

/**
 * A data folder holding one finished conversation, "Remember this conversation", and a backup that
 * holds it too (taken by the start after the one that wrote it): what a recovery must bring back.
 */
export async function backedUpFolder(launchApp: (options?: LaunchOptions) => Promise<RunningApp>): Promise<string> {
  const first = await launchApp({ gatewayConfig: { timeScale: 0 } });
  await first.page.getByRole("button", { name: "Chat", exact: true }).click();
  await first.page.getByRole("button", { name: "New chat" }).first().click();
  await first.page.getByRole("textbox", { name: "Message" }).fill("Remember this conversation");
  await first.page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(first.page.getByRole("article", { name: "Assistant" }).getByTestId("finish")).toHaveText("Finished");
  await first.close();
  await (await launchApp({ dataDir: first.dataDir, gatewayConfig: { timeScale: 0 } })).close();
  return first.dataDir;
}
