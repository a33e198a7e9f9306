import { expect, test } from "./support/app-fixture.ts";
import { ask, startNewChat } from "./support/chat-steps.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

test("deleting the open conversation opens the next one, and Undo brings it back whole, without an error", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await ask(page, "first question");
  await startNewChat(page);
  await ask(page, "second question");
  const list = page.getByRole("complementary", { name: "Conversations" });

  await list.getByRole("button", { name: "Delete: second question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "second question" })).toBeVisible();
  await expect(page.getByRole("article", { name: "You" })).toHaveText(/first question/);
  await expect(page.getByText("CONVERSATION_UNAVAILABLE")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("article", { name: "You" })).toHaveText(/second question/);
  await expect(page.getByRole("article", { name: "Assistant" }).getByTestId("finish")).toBeVisible();
  await expect(page.getByText("CONVERSATION_UNAVAILABLE")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("in the Requests table a chat call's model opens its conversation, and a deleted one's is plain text", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await ask(page, "kept question");
  await startNewChat(page);
  await ask(page, "gone question");
  await page
    .getByRole("complementary", { name: "Conversations" })
    .getByRole("button", { name: "Delete: gone question" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "gone question" })).toBeVisible();

  await page.getByRole("button", { name: "Budget", exact: true }).click();
  const requests = page.getByRole("table", { name: "Requests" });
  await expect(requests.getByTitle("kept question", { exact: true }).getByRole("button")).toHaveText("chat-fast");
  await expect(requests.getByTitle("gone question", { exact: true })).toHaveText("chat-fast");
  await expect(requests.getByTitle("gone question", { exact: true }).getByRole("button")).toHaveCount(0);

  await requests.getByTitle("kept question", { exact: true }).getByRole("button").click();
  await expect(page.getByRole("region", { name: "kept question" }).getByRole("article", { name: "You" })).toHaveText(
    /kept question/,
  );
});
