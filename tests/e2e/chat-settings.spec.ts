import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { ask, startNewChat } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

test("conversation settings open in a drawer over the transcript and name every invalid field at once", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await page.setViewportSize({ width: 960, height: 640 });
  await ask(page, "hi");
  const header = page.locator(".conversation-header");
  const shortHeight = (await header.boundingBox())!.height;
  const transcript = page.getByRole("article", { name: "Assistant" }).last();
  const transcriptWidth = (await transcript.boundingBox())!.width;

  await page.getByRole("button", { name: "Conversation settings" }).click();
  const form = page.getByRole("form", { name: "Conversation settings" });
  await expect(form.getByRole("combobox", { name: "Profile" })).toBeFocused();
  expect((await transcript.boundingBox())!.width).toBe(transcriptWidth);
  await form.getByLabel("Temperature").fill("7");
  await form.getByLabel("top_p").fill("3");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("alert")).toHaveCount(2);
  await expect(form).toContainText("2 fields need a change before saving.");
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-chat-settings-drawer.png`),
  });
  await form.getByLabel("Temperature").press("Escape");
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Conversation settings" })).toBeFocused();

  // A long title is cut, not wrapped: the header keeps its height.
  await startNewChat(page);
  await ask(page, "Tell me everything about rate limits, budgets, retries and the Retry-After header in one go");
  expect((await header.boundingBox())!.height).toBe(shortHeight);
});
