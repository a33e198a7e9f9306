import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { axeScan, reportAxe } from "./support/axe-scan.ts";
import { startNewChat } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} typing / lists the commands, filtered as typed, to complete by keyboard`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp();
    await page.setViewportSize(viewport);
    await startNewChat(page);
    const box = page.getByRole("textbox", { name: "Message" });
    const commands = page.getByRole("listbox", { name: "Commands" });
    const model = commands.getByRole("option", { name: /^\/model name/ });

    await box.press("/");
    await expect(model).toBeVisible();
    await expect(model).toContainText("Switch this conversation to another model");
    await box.pressSequentially("mod");
    await expect(box).toHaveValue("/mod");
    await expect(model).toHaveAttribute("aria-selected", "true");
    // The box keeps the focus and points at the highlighted command.
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute("aria-controls", (await commands.getAttribute("id"))!);
    await expect(box).toHaveAttribute("aria-activedescendant", (await model.getAttribute("id"))!);
    const axe = await axeScan(page, "slash commands");
    reportAxe(`${testInfo.project.name}-chat-slash-commands-${viewport.width}`, [axe]);
    expect(axe.blocking).toEqual([]);
    await page.screenshot({
      path: join(
        PROJECT_ROOT,
        "tests",
        "artifacts",
        `${testInfo.project.name}-chat-slash-commands-${viewport.width}.png`,
      ),
    });
    // The list stays on screen, whole.
    const list = (await commands.boundingBox())!;
    expect(list.y).toBeGreaterThanOrEqual(0);
    expect(list.x + list.width).toBeLessThanOrEqual(viewport.width);

    await box.press("ArrowDown");
    await expect(model).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(box).toHaveValue("/model ");
    await expect(commands).toHaveCount(0);
    await box.pressSequentially("chat-pro");
    await box.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Model: chat-pro" })).toBeVisible();

    // Tab completes too; Esc closes the list and leaves what was typed; a name no command has lists nothing.
    await box.fill("/m");
    await expect(model).toBeVisible();
    await box.press("Tab");
    await expect(box).toHaveValue("/model ");
    await expect(box).toBeFocused();
    await box.fill("/mo");
    await expect(model).toBeVisible();
    await box.press("Escape");
    await expect(commands).toHaveCount(0);
    await expect(box).toHaveValue("/mo");
    await box.fill("/x");
    await expect(commands).toHaveCount(0);
    await box.fill("Hello /model");
    await expect(commands).toHaveCount(0);
    // A whole name is sent as typed: `/model` alone says how to use it.
    await box.fill("/model");
    await box.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Name a model after /model" })).toBeVisible();

    // Chosen with the pointer: the box keeps the focus.
    await box.fill("/");
    await model.click();
    await expect(box).toHaveValue("/model ");
    await expect(box).toBeFocused();
  });
}
