import type { Page } from "@playwright/test";
import { expect } from "./app-fixture.ts";

/** Sends `text` from the Message box and waits until its reply has finished. */
export async function ask(page: Page, text: string): Promise<void> {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("finish")).toBeVisible();
}

/** New chat, then waits until the new conversation is open: what is typed belongs to the conversation it was typed in. */
export async function startNewChat(page: Page): Promise<void> {
  // The first "New chat" is the list's button; an untitled conversation in the list has that name too.
  await page.getByRole("button", { name: "New chat", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: "New chat" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeFocused();
}
