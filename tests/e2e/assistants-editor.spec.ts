import { join } from "node:path";
import type { Page } from "@playwright/test";
import { zh } from "../../renderer/src/i18n/zh.ts";
import { expect, test } from "./support/app-fixture.ts";
import { axeScan, reportAxe } from "./support/axe-scan.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

const SYSTEM_PROMPT = "Answer in French, and correct my French.";
/** The menu shows each assistant's avatar before its name. */
const BUILT_INS = ["🔍Code reviewer", "📝Summariser", "🌐Translator"];
const artifact = (project: string, name: string) =>
  join(PROJECT_ROOT, "tests", "artifacts", `${project}-assistants-${name}.png`);
const pane = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).click();
const assistantMenu = (page: Page) => page.getByRole("menu", { name: "Assistants" });

test("assistants: made in Settings, started from in Chat, saved from a conversation, deleted", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const project = testInfo.project.name;

  // The built-ins are there from the start; the menu also leads to Settings.
  await page.getByRole("button", { name: "New chat with assistant", exact: true }).click();
  await expect(assistantMenu(page).getByRole("menuitem")).toHaveText([...BUILT_INS, "Manage assistants…"]);
  await assistantMenu(page).getByRole("menuitem", { name: "Manage assistants…" }).click();
  await expect(page.getByRole("heading", { name: "Assistants" })).toBeVisible();
  await page.getByRole("button", { name: "Add assistant" }).click();
  const form = page.getByRole("form", { name: "New assistant" });
  await expect(form.getByLabel("Assistant name")).toBeFocused();

  // A bad form names every invalid field at once, with its range.
  await form.getByLabel("Avatar").fill("ab");
  await form.getByLabel("Temperature").fill("9");
  await form.getByLabel("Max tokens").fill("0");
  await form.getByRole("button", { name: "Save assistant" }).click();
  await expect(form.getByRole("alert")).toHaveText([
    "Name is required",
    "The avatar must be one letter or one emoji",
    "Temperature must be between 0 and 2 for Chat Completions",
    "Max tokens must be a whole number between 1 and 200000",
  ]);
  await expect(form).toContainText("4 fields need a change before saving.");
  await form.screenshot({ path: artifact(project, "editor-invalid") });

  await form.getByLabel("Assistant name").fill("French tutor");
  await form.getByLabel("Avatar").fill("");
  await form.getByLabel("System prompt").fill(SYSTEM_PROMPT);
  await form.getByRole("combobox", { name: "Model" }).fill("chat-pro");
  await form.getByLabel("Temperature").fill("0.2");
  await form.getByLabel("Max tokens").fill("512");
  await form.getByRole("button", { name: "Save assistant" }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole("listitem", { name: "French tutor", exact: true });
  await expect(card).toContainText("chat-pro · Chat Completions · temperature 0.2");
  await expect(card).toContainText(SYSTEM_PROMPT);

  // In Chat: the keyboard walks the menu and Esc closes it where it was opened.
  await pane(page, "Chat");
  const toggle = page.getByRole("button", { name: "New chat with assistant", exact: true });
  await toggle.focus();
  await toggle.press("ArrowDown");
  await expect(assistantMenu(page).getByRole("menuitem", { name: "Code reviewer" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(assistantMenu(page).getByRole("menuitem", { name: "French tutor" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(assistantMenu(page)).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await toggle.click();
  await assistantMenu(page).getByRole("menuitem", { name: "French tutor" }).click();
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toBeFocused();
  // Without an avatar, the name's first letter stands for it.
  await expect(page.getByRole("img", { name: "Assistant: French tutor" })).toHaveText("FFrench tutor");
  await message.fill("Bonjour");
  await message.press("Enter");
  await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("reply-meta")).toContainText(
    "chat-pro",
  );

  // Save as assistant keeps the conversation's settings under a new name.
  await page.getByRole("button", { name: "Conversation settings" }).click();
  const settings = page.getByRole("form", { name: "Conversation settings" });
  await expect(settings.getByLabel("System prompt")).toHaveValue(SYSTEM_PROMPT);
  await settings.getByRole("button", { name: "Save as assistant" }).click();
  await settings.getByLabel("Assistant name").press("Enter");
  await expect(settings.getByRole("alert")).toHaveText("Name is required");
  await settings.getByLabel("Assistant name").fill("French tutor, warmer");
  await settings.getByLabel("Temperature").fill("0.9");
  await settings.getByLabel("Assistant name").press("Enter");
  await expect(settings.getByRole("status")).toHaveText("Saved as the assistant “French tutor, warmer”.");
  await page.screenshot({ path: artifact(project, "save-as") });
  await settings.getByRole("button", { name: "Close settings" }).click();

  // Delete asks first, in the app's own dialog; a built-in goes the same way, and the header keeps the name.
  await pane(page, "Settings");
  await card.getByRole("button", { name: "Delete: French tutor" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the assistant “French tutor”?" });
  await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole("button", { name: "Delete: Summariser" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("listitem", { name: "Summariser" })).toHaveCount(0);

  await pane(page, "Chat");
  await expect(page.getByRole("img", { name: "Assistant: French tutor" })).toBeVisible();
  await page.getByRole("button", { name: "New chat with assistant", exact: true }).click();
  await expect(assistantMenu(page).getByRole("menuitem")).toHaveText([
    "🔍Code reviewer",
    "FFrench tutor, warmer",
    "🌐Translator",
    "Manage assistants…",
  ]);

  // An assistant started on an empty conversation already open: its header follows the new settings.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "New chat", exact: true }).click();
  const model = page.getByRole("combobox", { name: "Model" });
  await expect(model).toHaveValue("chat-fast");
  await page.getByRole("button", { name: "New chat with assistant", exact: true }).click();
  await assistantMenu(page).getByRole("menuitem", { name: "French tutor, warmer" }).click();
  await expect(model).toHaveValue("chat-pro");
});

test("in Chinese and dark: the editor and the menu read in Chinese and pass axe", async ({ launchApp }, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const project = testInfo.project.name;
  await page.evaluate(() => {
    localStorage.setItem("modeldesk.language", "zh");
    localStorage.setItem("modeldesk.theme", "dark");
  });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  await pane(page, zh.nav.settings);
  await page.getByRole("button", { name: zh.assistants.add }).click();
  const form = page.getByRole("form", { name: zh.assistants.newAssistant });
  await form.getByLabel(zh.chat.temperature).fill("-1");
  await form.getByRole("button", { name: zh.assistants.save }).click();
  await expect(form.getByRole("alert")).toHaveText(["请填写名称", "温度必须是不小于 0 的数字"]);
  await form.screenshot({ path: artifact(project, "editor-zh-dark") });
  const editorAxe = await axeScan(page, "assistants editor");

  await form.getByLabel(zh.assistants.name).fill("翻译");
  await form.getByLabel(zh.assistants.avatar).fill("🈯");
  await form.getByLabel(zh.chat.temperature).fill("0.3");
  await form.getByRole("button", { name: zh.assistants.save }).click();
  await expect(page.getByRole("listitem", { name: "翻译" })).toContainText("默认模型 · Chat Completions · 温度 0.3");

  await pane(page, zh.nav.chat);
  await page.getByRole("button", { name: zh.assistants.start, exact: true }).click();
  await expect(page.getByRole("menu", { name: zh.assistants.menu }).getByRole("menuitem")).toHaveText([
    ...BUILT_INS,
    "🈯翻译",
    zh.assistants.manage,
  ]);
  await page.screenshot({ path: artifact(project, "menu-zh-dark") });
  const menuAxe = await axeScan(page, "assistants menu");
  reportAxe(`${project}-zh-dark-assistants`, [editorAxe, menuAxe]);
  for (const count of [editorAxe, menuAxe]) expect(count.blocking, count.view).toEqual([]);
});
