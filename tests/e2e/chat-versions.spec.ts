import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { ask } from "./support/chat-steps.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(
    testInfo.project.name === "electron",
    "The embedded gateway's timing can only be set in the web host, and Electron saves through a dialog.",
  );
});

const replies = (page: Page) => page.getByRole("article", { name: "Assistant" });
const questions = (page: Page) => page.getByRole("article", { name: "You" });
const requestIdOf = (page: Page, index: number) => replies(page).nth(index).getByTestId("request-id").textContent();

async function exportedJson(page: Page): Promise<{ messages: { role: string; content: string }[] }> {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Export JSON" }).click(),
  ]);
  return JSON.parse(readFileSync((await download.path())!, "utf8")) as {
    messages: { role: string; content: string }[];
  };
}

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} Regenerate and Edit keep the earlier versions, ‹ n / m › switches them, and the conversation and its export follow the one shown`, async ({
    launchApp,
  }) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    await ask(page, "Tell me a story");
    const first = await requestIdOf(page, 0);

    await replies(page).last().getByRole("button", { name: "Regenerate" }).click();
    const versions = replies(page).last().getByRole("group", { name: "Version 2 of 2" });
    await expect(versions.getByTestId("version")).toHaveText("2 / 2");
    // Read as it shows: ‹ 2 / 2 ›
    await expect(replies(page).last()).toContainText("‹ 2 / 2 ›");
    await expect(replies(page).last().getByTestId("finish")).toBeVisible();
    const second = await requestIdOf(page, 0);
    expect(second).not.toBe(first);

    await versions.getByRole("button", { name: "Previous version" }).click();
    await expect(replies(page).last().getByTestId("version")).toHaveText("1 / 2");
    await expect(replies(page).last().getByTestId("request-id")).toHaveText(first!);

    // The conversation continues from the version shown.
    await ask(page, "And then?");
    await expect(questions(page)).toHaveCount(2);
    await replies(page).first().getByRole("button", { name: "Next version" }).click();
    await expect(replies(page).first().getByTestId("request-id")).toHaveText(second!);
    await expect(questions(page)).toHaveCount(1);
    await replies(page).first().getByRole("button", { name: "Previous version" }).click();
    await expect(questions(page)).toHaveText([/Tell me a story/, /And then\?/]);

    // Edit → Send again: a new version of the question; the earlier one keeps what followed it.
    await questions(page).first().getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByRole("textbox", { name: "Edit message" }).fill("Tell me a poem");
    await page.getByRole("button", { name: "Send again" }).click();
    await expect(replies(page).last().getByTestId("finish")).toBeVisible();
    await expect(questions(page)).toHaveText([/Tell me a poem/]);
    await expect(questions(page).first().getByTestId("version")).toHaveText("2 / 2");
    expect((await exportedJson(page)).messages.map((message) => message.content.slice(0, 14))).toEqual([
      "Tell me a poem",
      expect.any(String),
    ]);

    await questions(page).first().getByRole("button", { name: "Previous version" }).click();
    await expect(questions(page)).toHaveText([/Tell me a story/, /And then\?/]);
    const exported = await exportedJson(page);
    expect(exported.messages.filter((message) => message.role === "user").map((message) => message.content)).toEqual([
      "Tell me a story",
      "And then?",
    ]);
  });
}
