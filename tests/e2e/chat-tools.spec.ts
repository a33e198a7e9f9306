import { join } from "node:path";
import type { Page } from "@playwright/test";
import { TEST_MCP_SERVER_SCRIPT } from "../support/mcp/test-mcp-launch.ts";
import { expect, test } from "./support/app-fixture.ts";
import { startNewChat } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

const SERVER = "Test server";
const VIEWPORTS = [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
];
const message = (page: Page) => page.getByRole("textbox", { name: "Message" });
const replies = (page: Page) => page.getByRole("article", { name: "Assistant" });

async function addTestServer(page: Page) {
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const section = page.getByRole("region", { name: "MCP servers" });
  await section.getByRole("button", { name: "Add MCP server" }).click();
  const form = page.getByRole("form", { name: "New MCP server" });
  await form.getByLabel("Name", { exact: true }).fill(SERVER);
  await form.getByLabel("Command").fill(process.execPath);
  await form.getByLabel("Arguments").fill(TEST_MCP_SERVER_SCRIPT);
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(form).toBeHidden();
}

/** A new conversation offering the test server's tools, in this API format. */
async function chatWithTools(page: Page, format: "Chat Completions" | "Messages") {
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await startNewChat(page);
  await page.getByRole("combobox", { name: "API format (OpenAI / Anthropic)" }).selectOption({ label: format });
  await page.getByRole("button", { name: "Conversation settings" }).click();
  const settings = page.getByRole("form", { name: "Conversation settings" });
  await settings.getByRole("checkbox", { name: `Use tools from ${SERVER}` }).check();
  await settings.getByRole("button", { name: "Save tools" }).click();
  await expect(settings.getByRole("status").filter({ hasText: "Tools saved." })).toBeVisible();
  await settings.getByRole("button", { name: "Close" }).click();
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} a tool call is approved, runs on the MCP server, and the answer quotes it`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp();
    await page.setViewportSize(viewport);
    await addTestServer(page);
    await chatWithTools(page, viewport.width < 1000 ? "Chat Completions" : "Messages");
    await message(page).fill('Please echo {"text":"sea glass"}');
    await message(page).press("Enter");

    const card = page.getByRole("region", { name: `Tool call: ${SERVER} · echo` });
    await expect(card.getByRole("button", { name: "Allow" })).toBeVisible();
    await expect(card).toContainText('{"text":"sea glass"}');
    await expect(card.getByRole("button", { name: "Allow" })).toBeInViewport();
    await page.screenshot({
      path: join(
        PROJECT_ROOT,
        "tests",
        "artifacts",
        "chat",
        `${testInfo.project.name}-tool-waiting-${viewport.width}.png`,
      ),
    });
    await card.getByRole("button", { name: "Allow" }).click();

    const reply = replies(page).last();
    await expect(reply.getByTestId("finish")).toBeVisible({ timeout: 30_000 });
    await expect(reply.getByRole("region", { name: `Tool call: ${SERVER} · echo` })).toContainText("Done");
    await expect(reply).toContainText("I got 1 tool result back");
    await expect(reply).toContainText("sea glass");
    await expect(reply.getByTestId("reply-rounds")).toHaveText("2 model rounds");
    await expect(reply.getByTestId("reply-cost")).toContainText(/\d/);
    await page.screenshot({
      path: join(
        PROJECT_ROOT,
        "tests",
        "artifacts",
        "chat",
        `${testInfo.project.name}-tool-done-${viewport.width}.png`,
      ),
    });
  });
}

test("a denied call is not run, and Always allow runs the next call of that tool without asking", async ({
  launchApp,
}) => {
  const { page } = await launchApp();
  await addTestServer(page);
  await chatWithTools(page, "Chat Completions");
  await message(page).fill('add {"a":2,"b":3}');
  await message(page).press("Enter");
  const first = page.getByRole("region", { name: `Tool call: ${SERVER} · add` }).last();
  await first.getByRole("button", { name: "Deny" }).click();
  await expect(first).toContainText("Denied", { timeout: 30_000 });
  await expect(replies(page).last().getByTestId("finish")).toBeVisible({ timeout: 30_000 });

  await message(page).fill('add {"a":4,"b":5}');
  await message(page).press("Enter");
  const second = page.getByRole("region", { name: `Tool call: ${SERVER} · add` }).last();
  await second.getByRole("checkbox", { name: "Always allow this tool" }).check();
  await second.getByRole("button", { name: "Allow" }).click();
  await expect(replies(page).last()).toContainText("9", { timeout: 30_000 });
  await expect(replies(page).last().getByTestId("finish")).toBeVisible({ timeout: 30_000 });

  await message(page).fill('add {"a":10,"b":20}');
  await message(page).press("Enter");
  await expect(replies(page).last()).toContainText("30", { timeout: 30_000 });
  await expect(replies(page).last().getByRole("button", { name: "Allow" })).toHaveCount(0);
});

test("Stop call stops a running call alone: the model is told, and the reply goes on", async ({ launchApp }) => {
  const { page } = await launchApp();
  await addTestServer(page);
  await chatWithTools(page, "Chat Completions");
  await message(page).fill('slow {"ms":600000}');
  await message(page).press("Enter");
  const card = page.getByRole("region", { name: `Tool call: ${SERVER} · slow` });
  await card.getByRole("button", { name: "Allow" }).click();
  await expect(card.getByRole("status")).toHaveText("Running…");
  await card.getByRole("button", { name: "Stop call" }).click();
  const reply = replies(page).last();
  await expect(reply.getByTestId("finish")).toBeVisible({ timeout: 30_000 });
  await expect(reply.getByRole("region", { name: `Tool call: ${SERVER} · slow` })).toContainText("Stopped");
  await expect(reply).toContainText("The user stopped this tool call before it finished");
});

test("an assistant's tools and cost cap come with each conversation started from it", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp();
  await addTestServer(page);
  await page.getByRole("button", { name: "Add assistant" }).click();
  const form = page.getByRole("form", { name: "New assistant" });
  await form.getByLabel("Assistant name").fill("Tool user");
  await form.getByRole("checkbox", { name: `Use tools from ${SERVER}` }).check();
  await form.getByLabel("Cost cap per turn").fill("0");
  await form.getByRole("button", { name: "Save assistant" }).click();
  await expect(form.getByRole("alert")).toContainText("more than 0 and at most 1,000,000");
  await form.getByLabel("Cost cap per turn").fill("0.5");
  await form.getByRole("checkbox", { name: `Use tools from ${SERVER}` }).scrollIntoViewIfNeeded();
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", "settings", `${testInfo.project.name}-assistant-tools.png`),
  });
  await form.getByRole("button", { name: "Save assistant" }).click();
  await expect(form).toBeHidden();

  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("button", { name: "New chat with assistant", exact: true }).click();
  await page
    .getByRole("menu", { name: "Assistants" })
    .getByRole("menuitem", { name: "Tool user", exact: true })
    .click();
  await page.getByRole("button", { name: "Conversation settings" }).click();
  const settings = page.getByRole("form", { name: "Conversation settings" });
  await expect(settings.getByRole("checkbox", { name: `Use tools from ${SERVER}` })).toBeChecked();
  await expect(settings.getByLabel("Cost cap per turn")).toHaveValue("0.5");
});
