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

const SYSTEM_PROMPT = "Translate every message into French.";
const artifact = (project: string, name: string) =>
  join(PROJECT_ROOT, "tests", "artifacts", `${project}-presets-${name}.png`);
const pane = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).click();
const presetMenu = (page: Page) => page.getByRole("menu", { name: "Prompt presets" });

test("prompt presets: made in Settings, started from in Chat, saved from a conversation, deleted", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const project = testInfo.project.name;

  // No presets yet: the menu beside New chat offers to create one, in Settings.
  await expect(page.getByRole("button", { name: "New chat", exact: true })).toHaveCount(1);
  await page.getByRole("button", { name: "Start from a preset", exact: true }).click();
  await expect(presetMenu(page).getByRole("menuitem")).toHaveText(["Create a preset…"]);
  await presetMenu(page).getByRole("menuitem", { name: "Create a preset…" }).click();
  const form = page.getByRole("form", { name: "New preset" });
  await expect(form.getByLabel("Preset name")).toBeFocused();
  await expect(page.getByRole("heading", { name: "Prompt presets" })).toBeVisible();

  // A bad form names every invalid field at once, with its range.
  await form.getByLabel("Temperature").fill("9");
  await form.getByLabel("Max tokens").fill("0");
  await form.getByRole("button", { name: "Save preset" }).click();
  await expect(form.getByRole("alert")).toHaveText([
    "Name is required",
    "Temperature must be between 0 and 2 for Chat Completions",
    "Max tokens must be a whole number between 1 and 200000",
  ]);
  await expect(form).toContainText("3 fields need a change before saving.");
  await form.screenshot({ path: artifact(project, "editor-invalid") });

  await form.getByLabel("Preset name").fill("Translator");
  await form.getByLabel("System prompt").fill(SYSTEM_PROMPT);
  await form.getByRole("combobox", { name: "Model" }).fill("chat-pro");
  await form.getByLabel("Temperature").fill("0.2");
  await form.getByLabel("Max tokens").fill("512");
  await form.getByRole("button", { name: "Save preset" }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole("listitem", { name: "Translator", exact: true });
  await expect(card).toContainText("chat-pro · Chat Completions · temperature 0.2");
  await expect(card).toContainText(SYSTEM_PROMPT);
  await page.getByRole("region", { name: "Prompt presets" }).screenshot({ path: artifact(project, "editor") });

  // In Chat: the menu lists the preset; the keyboard walks it and Esc closes it where it was opened.
  await pane(page, "Chat");
  const toggle = page.getByRole("button", { name: "Start from a preset", exact: true });
  await toggle.focus();
  await toggle.press("ArrowDown");
  await expect(presetMenu(page).getByRole("menuitem", { name: "Translator" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(presetMenu(page).getByRole("menuitem", { name: "Manage presets…" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(presetMenu(page)).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await toggle.click();
  await expect(presetMenu(page).getByRole("menuitem")).toHaveText(["Translator", "Manage presets…"]);
  await page.screenshot({ path: artifact(project, "menu") });
  await presetMenu(page).getByRole("menuitem", { name: "Translator" }).click();
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toBeFocused();
  await message.fill("Good morning");
  await message.press("Enter");
  const reply = page.getByRole("article", { name: "Assistant" }).last();
  await expect(reply.getByTestId("finish")).toBeVisible();
  await expect(reply.getByTestId("reply-meta")).toContainText("chat-pro");

  await page.getByRole("button", { name: "Conversation settings" }).click();
  const settings = page.getByRole("form", { name: "Conversation settings" });
  await expect(settings.getByLabel("System prompt")).toHaveValue(SYSTEM_PROMPT);
  await expect(settings.getByLabel("Temperature")).toHaveValue("0.2");
  await expect(settings.getByLabel("Max tokens")).toHaveValue("512");

  // Save as preset keeps the conversation's settings under a new name.
  await settings.getByRole("button", { name: "Save as preset" }).click();
  await settings.getByLabel("Preset name").press("Enter");
  await expect(settings.getByRole("alert")).toHaveText("Name is required");
  await settings.getByLabel("Preset name").fill("Translator, warmer");
  await settings.getByLabel("Temperature").fill("0.9");
  await settings.getByLabel("Preset name").press("Enter");
  await expect(settings.getByRole("status")).toHaveText("Saved as the preset “Translator, warmer”.");
  await expect(settings).toBeVisible();
  await page.screenshot({ path: artifact(project, "save-as") });
  await settings.getByRole("button", { name: "Close settings" }).click();

  // Delete asks first, in the app's own dialog.
  await pane(page, "Settings");
  const warmer = page.getByRole("listitem", { name: "Translator, warmer" });
  await expect(warmer).toContainText("chat-pro · Chat Completions · temperature 0.9");
  await card.getByRole("button", { name: "Delete: Translator" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the preset “Translator”?" });
  await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(card).toHaveCount(0);
  await expect(warmer).toBeVisible();

  await pane(page, "Chat");
  await page.getByRole("button", { name: "Start from a preset", exact: true }).click();
  await expect(presetMenu(page).getByRole("menuitem")).toHaveText(["Translator, warmer", "Manage presets…"]);

  // A preset started on an empty conversation already open: its header follows the new settings.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "New chat", exact: true }).click();
  const model = page.getByRole("combobox", { name: "Model" });
  await expect(model).toHaveValue("chat-fast");
  await page.getByRole("button", { name: "Start from a preset", exact: true }).click();
  await presetMenu(page).getByRole("menuitem", { name: "Translator, warmer" }).click();
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
  await page.getByRole("button", { name: zh.presets.add }).click();
  const form = page.getByRole("form", { name: zh.presets.newPreset });
  await form.getByLabel(zh.chat.temperature).fill("-1");
  await form.getByRole("button", { name: zh.presets.save }).click();
  await expect(form.getByRole("alert")).toHaveText(["请填写名称", "温度必须是不小于 0 的数字"]);
  await form.screenshot({ path: artifact(project, "editor-zh-dark") });
  const editorAxe = await axeScan(page, "presets editor");

  await form.getByLabel(zh.presets.name).fill("翻译");
  await form.getByLabel(zh.chat.temperature).fill("0.3");
  await form.getByRole("button", { name: zh.presets.save }).click();
  await expect(page.getByRole("listitem", { name: "翻译" })).toContainText("默认模型 · Chat Completions · 温度 0.3");

  await pane(page, zh.nav.chat);
  await page.getByRole("button", { name: zh.presets.start, exact: true }).click();
  await expect(page.getByRole("menu", { name: zh.presets.menu }).getByRole("menuitem")).toHaveText([
    "翻译",
    zh.presets.manage,
  ]);
  await page.screenshot({ path: artifact(project, "menu-zh-dark") });
  const menuAxe = await axeScan(page, "presets menu");
  reportAxe(`${project}-zh-dark-presets`, [editorAxe, menuAxe]);
  for (const count of [editorAxe, menuAxe]) expect(count.blocking, count.view).toEqual([]);
});
