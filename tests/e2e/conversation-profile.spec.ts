import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { axeScan, reportAxe } from "./support/axe-scan.ts";
import { ask, startNewChat } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { newProfileForm } from "./support/profile-form.ts";
import { startVariantServer, type VariantServer } from "../support/variant-server.ts";

const LOCAL = "Local gateway (offline)";
let server: VariantServer;

test.beforeAll(async () => {
  // A second server whose one model (`echo`, which repeats the question) the local gateway does not have.
  server = await startVariantServer(["echo"]);
});
test.afterAll(() => server.close());

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

/** Makes a profile active from the rail (folded in a narrow window: its button unfolds the picker). */
async function activate(page: Page, name: string) {
  const picker = page.getByRole("combobox", { name: "Active profile" });
  if (!(await picker.isVisible())) await page.getByRole("button", { name: /^Switch profile/ }).click();
  await picker.selectOption({ label: name });
  await expect(picker.locator("option:checked")).toHaveText(name);
}

const reply = (page: Page) => page.getByRole("article", { name: "Assistant" }).last().locator(".markdown");

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} a conversation goes on through the profile it was started on, and moves when that profile is deleted`, async ({
    launchApp,
  }, testInfo) => {
    const shot = (name: string) =>
      page.screenshot({
        path: join(
          PROJECT_ROOT,
          "tests",
          "artifacts",
          `${testInfo.project.name}-conversation-profile-${name}-${viewport.width}.png`,
        ),
      });
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    const form = await newProfileForm(page, { name: "Third party", baseUrl: server.url, key: "sk-variant-e2e-0461" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
    await activate(page, "Third party");
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await startNewChat(page);
    const header = page.locator(".conversation-header");
    await expect(header.getByRole("combobox", { name: "Model" })).toHaveValue("echo");
    await ask(page, "Hello, third party");
    await expect(reply(page)).toHaveText("Hello, third party");

    // The active profile is only where new chats start: this one still goes to its own server.
    await activate(page, LOCAL);
    const item = page
      .getByRole("complementary", { name: "Conversations" })
      .getByRole("button", { name: "Hello, third party", exact: true });
    await expect(item.getByTestId("conversation-list-profile")).toHaveText("Third party");
    await expect(item).toHaveAccessibleDescription(/Third party/);
    await expect(header.getByTestId("conversation-profile")).toHaveText("Profile: Third party");
    await ask(page, "Still you?");
    await expect(reply(page)).toHaveText("Still you?");
    await expect(page.getByText("MODEL_NOT_FOUND")).toHaveCount(0);
    await shot("other");

    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByRole("button", { name: "Delete: Third party" }).click();
    await page
      .getByRole("dialog", { name: "Delete the profile “Third party”?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await page.getByRole("button", { name: "Chat", exact: true }).click();

    // Deleted: it says so where one looks, and nothing is sent until it is moved.
    await expect(page.getByText("The profile this conversation was started on was deleted.")).toBeVisible();
    await expect(header.getByTestId("conversation-profile")).toHaveText("Profile: Deleted profile");
    await expect(item.getByTestId("conversation-list-profile")).toHaveText("Deleted profile");
    const move = page.getByRole("button", { name: "Move to profile…", exact: true });
    const message = page.getByRole("textbox", { name: "Message" });
    await message.fill("And now?");
    await message.press("Enter");
    // Said again where the message box is, in words and without a code; what was typed stays.
    await expect(page.getByRole("alert")).toHaveText(/^The profile this conversation was started on was deleted\./);
    await expect(message).toHaveValue("And now?");
    await expect(page.getByRole("article", { name: "You" })).toHaveCount(2);
    await shot("deleted");
    const deletedAxe = await axeScan(page, "deleted profile");

    await move.click();
    const dialog = page.getByRole("dialog", { name: "Move to profile" });
    await expect(dialog.getByRole("combobox", { name: "Profile" }).locator("option:checked")).toHaveText(LOCAL);
    const model = dialog.getByRole("combobox", { name: "Model" });
    await expect(model).toHaveAttribute("placeholder", "chat-fast");
    await model.fill("chat-pro");
    // Escape closes the list of models only, not the dialog.
    await model.press("Escape");
    await shot("move");
    const moveAxe = await axeScan(page, "move to profile");
    reportAxe(`${testInfo.project.name}-conversation-profile-${viewport.width}`, [deletedAxe, moveAxe]);
    for (const count of [deletedAxe, moveAxe]) expect(count.blocking, count.view).toEqual([]);
    await dialog.getByRole("button", { name: "Move", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(move).toHaveCount(0);
    await expect(header.getByTestId("conversation-profile")).toHaveText(`Profile: ${LOCAL}`);
    await expect(header.getByRole("combobox", { name: "Model" })).toHaveValue("chat-pro");
    await expect(item.getByTestId("conversation-list-profile")).toHaveCount(0);
    await expect(message).toBeFocused();
    await message.press("Enter");
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("finish")).toBeVisible();
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("reply-meta")).toContainText(
      "chat-pro",
    );
    await shot("moved");
  });
}

test("Conversation settings move a conversation to another profile, with that profile's model", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const form = await newProfileForm(page, { name: "Elsewhere", baseUrl: server.url, key: "sk-variant-e2e-0463" });
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await ask(page, "Where am I?");
  const header = page.locator(".conversation-header");
  await expect(header.getByTestId("conversation-profile")).toHaveText(`Profile: ${LOCAL}`);

  await header.getByRole("button", { name: "Conversation settings" }).click();
  const settings = page.getByRole("form", { name: "Conversation settings" });
  const profile = settings.getByRole("combobox", { name: "Profile" });
  // A conversation always has its own profile: there is no "whichever is active" any more.
  await expect(profile.locator("option")).toHaveText([LOCAL, "Elsewhere"]);
  await profile.selectOption({ label: "Elsewhere" });
  await expect(settings).toContainText("Its model becomes echo, that profile's default");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(header.getByTestId("conversation-profile")).toHaveText("Profile: Elsewhere");
  await expect(header.getByRole("combobox", { name: "Model" })).toHaveValue("echo");
  await ask(page, "And now?");
  await expect(reply(page)).toHaveText("And now?");
});
