import { expect, test } from "./support/app-fixture.ts";
import { ask, startNewChat } from "./support/chat-steps.ts";
import { newProfileForm } from "./support/profile-form.ts";
import { startVariantServer, type VariantServer } from "../support/variant-server.ts";

let server: VariantServer;

test.beforeAll(async () => {
  server = await startVariantServer(["echo"]);
});
test.afterAll(() => server.close());

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`a new chat on another profile at ${viewport.width}×${viewport.height} takes that server's model, leaves web search off, and says why it cannot search`, async ({
    launchApp,
  }) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    const searchWeb = page.getByRole("checkbox", { name: "Search the web" });
    await searchWeb.check();
    await ask(page, "What happened today?");
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("reply-meta")).toContainText(
      "web-search",
    );

    const earlier = server.requests.length;
    const form = await newProfileForm(page, { name: "Third party", baseUrl: server.url, key: "sk-variant-e2e-0002" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
    // In a narrow window the folded rail shows the profile as a button that opens the picker.
    if (viewport.width < 1000) await page.getByRole("button", { name: /^Switch profile/ }).click();
    await page.getByRole("combobox", { name: "Active profile" }).selectOption({ label: "Third party" });
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await startNewChat(page);

    // The server lists one model: that is the new conversation's, not the app's built-in default.
    await expect(page.locator(".conversation-header").getByRole("combobox", { name: "Model" })).toHaveValue("echo");
    await expect(searchWeb).not.toBeChecked();
    await ask(page, "Hello?");
    await expect(page.getByRole("article", { name: "Assistant" }).last().locator(".markdown")).toHaveText("Hello?");
    const paths = server.requests.slice(earlier).map((request) => request.path);
    expect(paths).toContain("/v1/chat/completions");
    expect(paths).not.toContain("/v1/search/completions");

    // Asked to search anyway, the server refuses; the box is then off and says why, in words.
    await searchWeb.check();
    await page.getByRole("textbox", { name: "Message" }).fill("Search for me");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(searchWeb).toBeDisabled();
    await expect(searchWeb).not.toBeChecked();
    await expect(searchWeb).toHaveAccessibleDescription("This server does not offer web search.");
    await expect(page.getByText("This server does not offer web search.")).toBeVisible();
  });
}

test("a model typed before the first message stays with the profile it was typed on", async ({ launchApp }) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const firstModel = page.getByRole("region", { name: "New chat" }).getByRole("combobox", { name: "Model" });
  await firstModel.fill("chat-pro");
  await firstModel.press("Enter");

  const form = await newProfileForm(page, { name: "Third party", baseUrl: server.url, key: "sk-variant-e2e-0003" });
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await page.getByRole("combobox", { name: "Active profile" }).selectOption({ label: "Third party" });
  await page.getByRole("button", { name: "Chat", exact: true }).click();

  // That server has no chat-pro: the field offers its own model, and the first message goes to it.
  await expect(firstModel).toHaveValue("");
  await expect(firstModel).toHaveAttribute("placeholder", "echo");
  // Passing through the field leaves the other profile's choice alone: it comes back with its profile.
  await firstModel.focus();
  await firstModel.press("Tab");
  const activeProfile = page.getByRole("combobox", { name: "Active profile" });
  await activeProfile.selectOption({ label: "Local gateway (offline)" });
  await expect(firstModel).toHaveValue("chat-pro");
  await activeProfile.selectOption({ label: "Third party" });
  await expect(firstModel).toHaveValue("");
  await ask(page, "Hello?");
  const reply = page.getByRole("article", { name: "Assistant" }).last();
  await expect(reply.locator(".markdown")).toHaveText("Hello?");
  await expect(reply.getByTestId("reply-meta")).toContainText("echo");
});
