import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { holdHostFrames } from "./support/held-host-frames.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

const replies = (page: Page) => page.getByRole("article", { name: "Assistant" });
const questions = (page: Page) => page.getByRole("article", { name: "You" });
const conversations = (page: Page) => page.getByRole("complementary", { name: "Conversations" }).getByRole("listitem");

async function ask(page: Page, text: string, replyCount: number) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(replies(page)).toHaveCount(replyCount);
  await expect(replies(page).last().getByTestId("finish")).toBeVisible();
}

test("the message box is there on first open, and New chat reuses an empty conversation", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toBeFocused();
  await expect(page.getByRole("button", { name: "New chat", exact: true })).toHaveCount(1);
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-chat-first-open.png`),
  });
  await ask(page, "What is a good first question?", 1);
  await expect(conversations(page)).toHaveCount(1);

  await page.getByRole("button", { name: "New chat", exact: true }).first().click();
  await expect(message).toBeFocused();
  await expect(conversations(page)).toHaveCount(2);
  await page.getByRole("button", { name: "New chat", exact: true }).first().click();
  await page.keyboard.press("Control+n");
  await expect(conversations(page)).toHaveCount(2);
  await expect(message).toBeFocused();
});

test("copy and delete any message; regenerate an earlier reply after asking first", async ({ launchApp }) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await ask(page, "First question", 1);
  await ask(page, "Second question", 2);

  const copy = replies(page).first().getByRole("button", { name: "Copy message" });
  await copy.click();
  await expect(copy).toHaveText("Copied");

  const deleteQuestion = questions(page).last().getByRole("button", { name: "Delete message" });
  await deleteQuestion.click();
  const deleting = page.getByRole("dialog", { name: "Delete this message?" });
  await expect(deleting.getByRole("button", { name: "Cancel" })).toBeFocused();
  // Escape cancels, and the focus goes back to the button that asked.
  await page.keyboard.press("Escape");
  await expect(deleting).toBeHidden();
  await expect(deleteQuestion).toBeFocused();
  await deleteQuestion.click();
  await deleting.getByRole("button", { name: "Delete message" }).click();
  await expect(questions(page)).toHaveCount(1);
  await expect(replies(page)).toHaveCount(2);

  // An earlier reply's new version is shown with the path it starts: the later turns stay with the first version.
  await replies(page).first().getByRole("button", { name: "Regenerate" }).click();
  await expect(replies(page)).toHaveCount(1);
  await expect(replies(page).first().getByTestId("finish")).toBeVisible();
  await expect(questions(page)).toHaveText([/First question/]);
});

test("what is typed while New chat opens its conversation stays in the message box, and Enter sends it", async ({
  launchApp,
}) => {
  // The conversation's contents come late, as on a busy machine, until the test lets them through.
  const contents = holdHostFrames((frame) => frame.includes('"data":{"conversation":{'));
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 }, beforeOpen: contents.beforeOpen });
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toBeFocused();
  await page.getByRole("button", { name: "New chat", exact: true }).first().click();
  await expect(conversations(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Conversation settings" })).toHaveCount(0);

  await expect(message).toBeFocused();
  await page.keyboard.type("Typed while it opened");
  await page.keyboard.press("Enter");
  contents.release();
  await expect(questions(page)).toHaveCount(1);
  await expect(questions(page)).toContainText("Typed while it opened");
  await expect(replies(page).getByTestId("finish")).toHaveText("Finished");
  await expect(message).toHaveValue("");
});

test("the reply's place and Stop show the moment Send is pressed, and a Stop pressed then stops the reply", async ({
  launchApp,
}) => {
  // Main's answer to Send (the stream it started) comes late, until the test lets it through.
  const answer = holdHostFrames((frame) => frame.includes('"t":"result"') && frame.includes('"assistantMessageId"'));
  // The reply's first words never come on their own, so main cannot finish it before the Stop reaches it.
  const { page } = await launchApp({ gatewayConfig: { firstTokenDelayMs: 3_600_000 }, beforeOpen: answer.beforeOpen });
  await page.getByRole("button", { name: "New chat", exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Conversation settings" })).toBeVisible();
  await page.getByRole("textbox", { name: "Message" }).fill("Answer slowly, please");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");

  await expect(questions(page)).toContainText(["Answer slowly, please"]);
  await expect(replies(page)).toHaveCount(1);
  // While a reply is on its way, the transcript's messages wait for it.
  await expect(questions(page).getByRole("button", { name: "Edit" })).toBeDisabled();
  await expect(questions(page).getByRole("button", { name: "Delete message" })).toBeDisabled();
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  answer.release();
  await expect(replies(page).getByRole("status")).toHaveText("Stopped");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  await expect(questions(page).getByRole("button", { name: "Edit" })).toBeEnabled();
  await expect(replies(page).getByRole("button", { name: "Regenerate" })).toBeEnabled();
});

test("a Stop pressed after main started the reply but before its first words stops it", async ({ launchApp }) => {
  // The reply's first words never come on their own: main has named the stream, and nothing on screen changed.
  const { page, frames } = await launchApp({ gatewayConfig: { firstTokenDelayMs: 3_600_000 } });
  await page.getByRole("button", { name: "New chat", exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Conversation settings" })).toBeVisible();
  await page.getByRole("textbox", { name: "Message" }).fill("Answer slowly, please");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect
    .poll(() =>
      frames.received.some((frame) => frame.includes('"t":"result"') && frame.includes('"assistantMessageId"')),
    )
    .toBe(true);

  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(replies(page).getByRole("status")).toHaveText("Stopped");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
});
