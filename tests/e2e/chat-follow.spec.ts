import type { Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { startNewChat } from "./support/chat-steps.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's timing can only be set in the web host.");
});

const replies = (page: Page) => page.getByRole("article", { name: "Assistant" });
/** Characters of the reply still streaming (it grows as its deltas arrive). */
const streamedLength = (page: Page) => () =>
  page.locator('article[aria-busy="true"]').evaluate((reply) => reply.textContent.length);

async function ask(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
}

test("the transcript follows a streaming reply to its end, and stays where the user scrolled up to", async ({
  launchApp,
}) => {
  // Replies take a few seconds, so the test sees one grow.
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.6 } });
  const transcript = page.getByRole("log", { name: "Conversation" });
  const fromEnd = () => transcript.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight);
  await ask(page, "First question, for a transcript taller than the window");
  await expect(replies(page).last().getByTestId("finish")).toBeVisible();
  await ask(page, "Second question");
  await expect(replies(page)).toHaveCount(2);
  await expect(replies(page).last().getByTestId("finish")).toBeVisible();
  expect(await transcript.evaluate((list) => list.scrollHeight > 2 * list.clientHeight)).toBe(true);
  // A finished reply is stored in the list in place of the live one, and the list is still at its end.
  await expect.poll(fromEnd).toBeLessThan(2);

  await ask(page, "Third question, followed as it streams");
  const streamed = streamedLength(page);
  await expect.poll(streamed).toBeGreaterThan(100);
  const followedFrom = await streamed();
  await expect.poll(streamed).toBeGreaterThan(followedFrom + 40);
  await expect.poll(fromEnd).toBeLessThan(2);

  // Scrolled up while it streams: the text goes on growing below, and the list stays where the user put it.
  // The scroll's event comes with a later frame, and deltas may be drawn first: here it never reaches the app.
  await transcript.evaluate((list) => {
    window.addEventListener("scroll", (event) => event.stopImmediatePropagation(), { capture: true, once: true });
    list.scrollTop = 0;
  });
  const heldFrom = await streamed();
  await expect.poll(streamed).toBeGreaterThan(heldFrom + 40);
  expect(await transcript.evaluate((list) => list.scrollTop)).toBe(0);
  await expect(replies(page).last().getByTestId("finish")).toBeAttached();
  expect(await transcript.evaluate((list) => list.scrollTop)).toBe(0);
});

test("a reply that comes at once leaves the transcript at its end, question after question", async ({ launchApp }) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  const transcript = page.getByRole("log", { name: "Conversation" });
  const fromEnd = () => transcript.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight);
  await startNewChat(page);
  for (const [count, question] of ["How should I structure a CLI tool?", "And in another format?"].entries()) {
    await ask(page, question);
    await expect(replies(page)).toHaveCount(count + 1);
    await expect(replies(page).last().getByTestId("finish")).toBeVisible();
    // Stored in the list at an estimated height first, the reply must not leave the list short of its end.
    await expect.poll(fromEnd).toBeLessThan(2);
  }
});
