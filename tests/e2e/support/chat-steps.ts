import type { Page } from "@playwright/test";
import { expect } from "./app-fixture.ts";

/** Sends `text` from the Message box and waits until its reply has finished. */
export async function ask(page: Page, text: string): Promise<void> {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("finish")).toBeVisible();
}
