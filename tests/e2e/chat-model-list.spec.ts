import type { Locator } from "@playwright/test";
import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { ask } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

/**
 * The option is what a pointer at its centre would reach: nothing clips or covers it. Only the list
 * itself is scrolled to it, as a user scrolls it: the header around the field stays where it is.
 */
async function expectUnderPointer(option: Locator): Promise<{ x: number; y: number }> {
  await option.evaluate((element) => {
    const list = element.closest<HTMLElement>("[role=listbox]")!;
    list.scrollTop += element.getBoundingClientRect().top - list.getBoundingClientRect().top;
  });
  const box = (await option.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const hit = await option.evaluate(
    (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
    centre,
  );
  expect(hit).toBe(true);
  return centre;
}

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`in a conversation at ${viewport.width}×${viewport.height}, the model list shows over everything, by kind, and takes a click or the keyboard`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    await ask(page, "hi");
    const model = page.locator(".conversation-header").getByRole("combobox", { name: "Model" });
    await model.click();
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("group", { name: "Chat" }).getByRole("option", { name: /chat-pro/ })).toBeVisible();
    // Only what can chat: image and video models are offered in Images and Videos.
    await expect(
      list.getByRole("group", { name: "Web search" }).getByRole("option", { name: /web-search/ }),
    ).toBeVisible();
    await expect(list.getByRole("option", { name: /image-fast/ })).toHaveCount(0);
    await expect(list.getByRole("option", { name: /chat-fast/ })).toContainText("default");
    // What the server's list says of images, beside each code.
    await expect(list.getByRole("option", { name: /^chat-pro/ })).toContainText("takes images");
    await expect(list.getByRole("option", { name: /^web-search/ })).toContainText("text only");
    for (const code of ["chat-fast", "chat-pro", "web-search"])
      await expectUnderPointer(list.getByRole("option", { name: new RegExp(`^${code}`) }));
    await page.screenshot({
      path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-chat-model-list-${viewport.width}.png`),
    });

    const chatPro = list.getByRole("option", { name: /^chat-pro/ });
    const centre = await expectUnderPointer(chatPro);
    await page.mouse.click(centre.x, centre.y);
    await expect(list).toHaveCount(0);
    await expect(model).toHaveValue("chat-pro");
    await ask(page, "and now?");
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("reply-meta")).toContainText(
      "chat-pro",
    );

    // The keyboard: typing narrows the list, ↓ and Enter take the highlighted code.
    await model.focus();
    await model.fill("fast");
    await expect(list.getByRole("option", { name: /chat-pro/ })).toHaveCount(0);
    await model.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(first).toHaveAccessibleName(/^chat-fast/);
    await expectUnderPointer(first);
    await model.press("Enter");
    await expect(list).toHaveCount(0);
    await expect(model).toHaveValue("chat-fast");
  });

  test(`before the first message at ${viewport.width}×${viewport.height}, the model list shows and the first message goes to the model taken`, async ({
    launchApp,
  }) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    const model = page.getByRole("region", { name: "New chat" }).getByRole("combobox", { name: "Model" });
    // Empty until one is taken, showing the default the conversation would start with.
    await expect(model).toHaveValue("");
    await expect(model).toHaveAttribute("placeholder", "chat-fast");
    await model.click();
    const list = page.getByRole("listbox", { name: "Suggestions" });
    // Right after start the server's answers may still be on their way: the list is whole once they are.
    await expect(list.getByRole("option", { name: /^chat-pro/ })).toContainText("takes images");
    await expect(list.getByRole("group", { name: "Chat" }).getByRole("option", { name: /chat-pro/ })).toBeVisible();
    const centre = await expectUnderPointer(list.getByRole("option", { name: /^chat-pro/ }));
    await page.mouse.click(centre.x, centre.y);
    await expect(list).toHaveCount(0);
    await expect(model).toHaveValue("chat-pro");

    await ask(page, "first");
    await expect(page.locator(".conversation-header").getByRole("combobox", { name: "Model" })).toHaveValue("chat-pro");
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("reply-meta")).toContainText(
      "chat-pro",
    );
  });

  test(`/model name in the message box changes the model at ${viewport.width}×${viewport.height}`, async ({
    launchApp,
  }) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    const message = page.getByRole("textbox", { name: "Message" });
    // Before the conversation exists, the model is kept for its first message.
    await message.fill("/model chat-pro");
    await message.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Model: chat-pro" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Model" })).toHaveValue("chat-pro");
    await ask(page, "first");
    const model = page.locator(".conversation-header").getByRole("combobox", { name: "Model" });
    await expect(model).toHaveValue("chat-pro");

    await message.fill("/model chat-fast");
    await message.press("Enter");
    await expect(model).toHaveValue("chat-fast");
    await expect(message).toHaveValue("");
    await expect(page.getByRole("article", { name: "You" })).toHaveCount(1);
    await ask(page, "second");
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("reply-meta")).toContainText(
      "chat-fast",
    );

    await message.fill("/model");
    await message.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Name a model after /model" })).toBeVisible();
    await expect(page.getByRole("article", { name: "You" })).toHaveCount(2);
  });
}

test("a model taken before the first message goes with the conversation New chat opens", async ({ launchApp }) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const firstModel = page.getByRole("region", { name: "New chat" }).getByRole("combobox", { name: "Model" });
  await firstModel.fill("chat-pro");
  await firstModel.press("Enter");
  await page.getByRole("button", { name: "New chat", exact: true }).click();
  await expect(page.locator(".conversation-header").getByRole("combobox", { name: "Model" })).toHaveValue("chat-pro");
  await ask(page, "which model?");
  await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("reply-meta")).toContainText(
    "chat-pro",
  );
});
