import type { Locator, Page } from "@playwright/test";
import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { ask } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

const MEDIA_MODELS = ["image-fast", "image-pro", "image-upstream-error", "video-std", "video-timeout"];
const CHAT_MODELS = ["chat-fast", "chat-pro", "web-search", "chat-timeout"];
const TEST_NOTE = /fail on purpose/;

const option = (list: Locator, code: string) => list.getByRole("option", { name: new RegExp(`^${code}\\b`) });

/** Nothing in the list is cut off at its sides: every code, badge and the note fit its width. */
async function expectNothingClipped(list: Locator): Promise<void> {
  expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const box = (await list.boundingBox())!;
  const viewport = list.page().viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/** A chat picker's list: text models by kind, the ones made to fail apart and said to be, no image or video model. */
async function expectChatKinds(list: Locator): Promise<void> {
  // Right after start the server's answers may still be on their way: the list is whole once they are.
  const tests = list.getByRole("group", { name: "Test models", exact: true });
  await expect(tests).toHaveAccessibleDescription(TEST_NOTE);
  await expect(tests).toContainText(TEST_NOTE);
  for (const code of ["chat-upstream-error", "chat-timeout", "chat-stream-cut"])
    await expect(option(tests, code)).toHaveCount(1);
  const chat = list.getByRole("group", { name: "Chat", exact: true });
  await expect(option(chat, "chat-fast")).toContainText("default");
  await expect(option(chat, "chat-pro")).toContainText("takes images");
  await expect(option(chat, "chat-timeout")).toHaveCount(0);
  const search = list.getByRole("group", { name: "Web search", exact: true });
  await expect(option(search, "web-search")).toContainText("searches the web");
  for (const code of MEDIA_MODELS) await expect(option(list, code)).toHaveCount(0);
  await expect(list.getByRole("group", { name: /^(Images|Videos)$/ })).toHaveCount(0);
  await expectNothingClipped(list);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${name}.png`) });

/** Scrolls the list (only the list) to its end, where the Test models are, for the picture. */
const scrollToEnd = (list: Locator) => list.evaluate((element) => (element.scrollTop = element.scrollHeight));

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height}, the chat pickers list what can chat and set the test models apart; Images and Videos list their own`, async ({
    launchApp,
  }, testInfo) => {
    const name = (what: string) => `${testInfo.project.name}-chat-picker-kinds-${what}-${viewport.width}`;
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    const list = page.getByRole("listbox", { name: "Suggestions" });

    // The new chat's model field, before the first message.
    const firstModel = page.getByRole("region", { name: "New chat" }).getByRole("combobox", { name: "Model" });
    await firstModel.click();
    await expectChatKinds(list);
    await shot(page, name("new-chat"));
    await firstModel.press("Escape");

    // The conversation's header.
    await ask(page, "hi");
    const model = page.locator(".conversation-header").getByRole("combobox", { name: "Model" });
    await model.click();
    await expectChatKinds(list);
    await shot(page, name("header"));
    await scrollToEnd(list);
    await shot(page, name("header-test-models"));
    // A code typed is still taken as it is, even one the list leaves out.
    await model.fill("image-fast");
    await expect(list).toContainText("“image-fast” is used as typed");
    await model.press("Escape");
    await expect(model).toHaveValue("image-fast");

    // Images: image models only, the one made to fail apart.
    await page.getByRole("button", { name: "Images", exact: true }).click();
    const imageModel = page.getByRole("combobox", { name: "Model" });
    await imageModel.click();
    await expect(option(list.getByRole("group", { name: "Images", exact: true }), "image-fast")).toBeVisible();
    await expect(option(list, "image-pro")).toBeVisible();
    const imageTests = list.getByRole("group", { name: "Test models", exact: true });
    await expect(imageTests).toHaveAccessibleDescription(TEST_NOTE);
    await expect(option(imageTests, "image-upstream-error")).toBeVisible();
    for (const code of [...CHAT_MODELS, "video-std"]) await expect(option(list, code)).toHaveCount(0);
    await expectNothingClipped(list);
    await shot(page, name("images"));
    await imageModel.press("Escape");

    // Videos: video models only.
    await page.getByRole("button", { name: "Videos", exact: true }).click();
    const videoModel = page.getByRole("combobox", { name: "Model" });
    await videoModel.click();
    await expect(option(list.getByRole("group", { name: "Videos", exact: true }), "video-std")).toBeVisible();
    const videoTests = list.getByRole("group", { name: "Test models", exact: true });
    for (const code of ["video-timeout", "video-upstream-error"]) await expect(option(videoTests, code)).toBeVisible();
    for (const code of [...CHAT_MODELS, "image-fast"]) await expect(option(list, code)).toHaveCount(0);
    await expectNothingClipped(list);
  });
}

test("quick chat's model list is the chat one too", async ({ launchApp }, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const quick = new URL(page.url());
  quick.pathname = "/quick";
  // The size of the desktop's quick chat window.
  await page.setViewportSize({ width: 560, height: 520 });
  await page.goto(quick.toString());
  await page.getByRole("combobox", { name: "Model" }).click();
  await expectChatKinds(page.getByRole("listbox", { name: "Suggestions" }));
  await shot(page, `${testInfo.project.name}-chat-picker-kinds-quick`);
});
