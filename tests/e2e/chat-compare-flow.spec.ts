import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { startNewChat } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "The embedded gateway's pace can only be set in the web host.");
});

const VIEWPORTS = [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
];

const comparisons = (page: Page) => page.getByRole("region", { name: "Comparison" });
const message = (page: Page) => page.getByRole("textbox", { name: "Message" });
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${name}.png`) });

async function compare(page: Page, models: readonly string[], question: string) {
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const picks = page.getByRole("group", { name: "Models to compare" });
  for (const [index, model] of models.entries()) {
    if (index >= 2) await picks.getByRole("button", { name: "Add a model" }).click();
    const field = picks.getByRole("combobox", { name: `Model ${index + 1}` });
    await field.fill(model);
    await field.press("Escape");
  }
  await message(page).fill(question);
  await message(page).press("Enter");
}

/** Where `element` is, against the part of the transcript on screen. */
async function placeInTranscript(page: Page, element: Locator) {
  const transcript = (await page.getByRole("log", { name: "Conversation" }).boundingBox())!;
  const box = (await element.boundingBox())!;
  return { top: box.y - transcript.y, bottom: transcript.y + transcript.height - (box.y + box.height) };
}

/** Nothing on the page says a raw code, nor an error, while the comparison waits for its answer. */
async function expectNoRefusal(page: Page) {
  await expect(page.locator("body")).not.toContainText("CHOOSE_AN_ANSWER");
  await expect(page.getByRole("alert")).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} a comparison waiting for its answer says so calmly and goes on from the first answer`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    await startNewChat(page);
    await compare(page, ["chat-fast", "chat-pro"], "Which of you is faster?");
    const note = page.getByRole("status").filter({ hasText: "Choose an answer to continue" });
    await expect(note).toHaveText("Choose an answer to continue");

    // Send before choosing: the words stay in the box, and nothing is refused.
    await message(page).fill("And then?");
    await message(page).press("Enter");
    await expect(message(page)).toHaveValue("And then?");
    await expect(comparisons(page).getByRole("button", { name: "Continue with this answer" })).toHaveCount(2);
    await message(page).press("Enter");
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
    await expect(message(page)).toHaveValue("And then?");
    await expectNoRefusal(page);
    await expect(note).toBeVisible();
    await screenshot(page, `${testInfo.project.name}-chat-compare-choose-${viewport.width}`);

    await page.getByRole("button", { name: "Continue with the first answer" }).click();
    const first = comparisons(page).getByRole("article", { name: "Answer 1: chat-fast" });
    await expect(first.getByRole("status")).toHaveText("The conversation continues from this answer");
    await expect(note).toHaveCount(0);
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("reply-meta")).toContainText(
      "chat-fast",
    );
    await expectNoRefusal(page);
  });

  test(`at ${viewport.width}×${viewport.height} what follows Continue with this answer streams in view, a comparison or a reply`, async ({
    launchApp,
  }, testInfo) => {
    test.slow();
    const { page } = await launchApp({ gatewayConfig: { timeScale: 1, tokensPerSecond: 60, firstTokenDelayMs: 50 } });
    await page.setViewportSize(viewport);
    await startNewChat(page);
    await compare(page, ["chat-fast", "chat-pro"], "Which of you is faster?");
    const continueWith = comparisons(page).getByRole("button", { name: "Continue with this answer" });
    await expect(continueWith).toHaveCount(2, { timeout: 45_000 });
    // Clicked: the pointer stays over the comparison while the next message is typed and sent.
    await continueWith.last().click();
    await message(page).fill("And then?");
    await message(page).press("Enter");
    const next = comparisons(page).last().getByRole("article", { name: "Answer 1: chat-fast" });
    await expect(next.getByRole("region")).toContainText("chat-fast");
    const stop = next.getByRole("button", { name: "Stop", exact: true });
    await expect(stop).toBeInViewport();
    expect((await placeInTranscript(page, stop)).top).toBeGreaterThanOrEqual(0);
    await screenshot(page, `${testInfo.project.name}-chat-compare-next-${viewport.width}`);

    await next.getByRole("button", { name: "Continue with this answer" }).click({ timeout: 45_000 });
    // Sent only once the choice and Compare's toggle have taken: until then Enter sends nothing, by design.
    await expect(page.getByText("Choose an answer to continue")).toHaveCount(0);
    const compareToggle = page.getByRole("button", { name: "Compare", exact: true });
    await compareToggle.click();
    await expect(compareToggle).toHaveAttribute("aria-pressed", "false");
    // The other answer may still be streaming: like any reply, Enter sends once Stop gives way to Send.
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible({ timeout: 45_000 });
    await message(page).fill("And the last step?");
    await message(page).press("Enter");
    // The reply after the comparison is followed to its end: its last line in view when it finishes.
    const reply = page.locator('article[aria-label="Assistant"]').last();
    await expect(reply).toContainText("And the last step", { timeout: 45_000 });
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("finish")).toBeInViewport({
      timeout: 45_000,
    });
    await screenshot(page, `${testInfo.project.name}-chat-compare-after-${viewport.width}`);
  });

  test(`at ${viewport.width}×${viewport.height} an answer's error keeps its request id inside its border`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    await startNewChat(page);
    const models = ["chat-fast", "chat-upstream-error", "chat-pro", "chat-fast"].slice(
      0,
      viewport.width < 1000 ? 3 : 4,
    );
    await compare(page, models, "Who fails?");
    const failed = comparisons(page).getByRole("article", { name: "Answer 2: chat-upstream-error" });
    const box = failed.getByRole("alert");
    await expect(box.getByTestId("request-id")).toHaveText(/\S+/, { timeout: 30_000 });
    await expect(failed.getByRole("button", { name: "Continue with this answer" })).toBeVisible();
    // Compare off: the transcript has the room to show the whole box.
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await box.getByTestId("request-id").scrollIntoViewIfNeeded();
    await screenshot(page, `${testInfo.project.name}-chat-compare-error-${viewport.width}`);

    expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    expect(await failed.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const id = box.getByTestId("request-id");
    await expect(id).toHaveAttribute("title", (await id.textContent())!);
    const inside = (await box.boundingBox())!;
    for (const part of [id, box.getByRole("button", { name: "Copy request ID" })]) {
      const at = (await part.boundingBox())!;
      expect(at.x).toBeGreaterThanOrEqual(inside.x);
      expect(at.x + at.width).toBeLessThanOrEqual(inside.x + inside.width);
    }
    await box.getByRole("button", { name: "Copy request ID" }).click({ trial: true });
  });
}

test("at 960×640 a stacked column's Stop can be reached while the answers stream", async ({ launchApp }, testInfo) => {
  test.slow();
  // A real pace: every answer is still coming when the fourth one's Stop is pressed.
  const { page } = await launchApp({ gatewayConfig: { timeScale: 1, tokensPerSecond: 15, firstTokenDelayMs: 50 } });
  await page.setViewportSize({ width: 960, height: 640 });
  await startNewChat(page);
  await compare(page, ["chat-fast", "chat-pro", "chat-fast", "chat-pro"], "Four at once?");
  const columns = comparisons(page).getByRole("article");
  const fourth = comparisons(page).getByRole("article", { name: "Answer 4: chat-pro" });
  await expect(fourth.getByRole("region")).toContainText("chat-pro");
  // Stacked: the fourth column starts below the first.
  expect((await fourth.boundingBox())!.y).toBeGreaterThan((await columns.first().boundingBox())!.y);

  // Scrolled to with the pointer away from the answers: the scroll alone takes the transcript over.
  await page.mouse.move(1, 1);
  const stop = fourth.getByRole("button", { name: "Stop", exact: true });
  // The scroll's event comes with a later frame, and answers' deltas may be drawn first: here it never
  // reaches the app, which must tell from where the list is that the user took it elsewhere.
  await stop.evaluate((button) => {
    window.addEventListener("scroll", (event) => event.stopImmediatePropagation(), { capture: true, once: true });
    button.scrollIntoView({ block: "center" });
  });
  await page.waitForTimeout(600);
  await expect(stop).toBeInViewport({ timeout: 1000 });
  await screenshot(page, `${testInfo.project.name}-chat-compare-stacked-960`);
  await stop.click();
  await expect(fourth.getByRole("status")).toHaveText("Stopped");
  await expect(columns.first().getByRole("button", { name: "Stop", exact: true })).toBeVisible();
});

test("Regenerate on a comparison asks all its models again, as a new version of the question", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await page.setViewportSize({ width: 1280, height: 800 });
  await startNewChat(page);
  await compare(page, ["chat-pro", "chat-fast"], "Ask us twice");
  await expect(comparisons(page).getByRole("button", { name: "Continue with this answer" })).toHaveCount(2);
  await comparisons(page)
    .getByRole("article", { name: "Answer 2: chat-fast" })
    .getByRole("button", { name: "Continue with this answer" })
    .click();
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  await message(page).fill("Go on");
  await message(page).press("Enter");
  await expect(page.getByRole("article", { name: "Assistant" }).getByTestId("finish")).toBeVisible();

  await comparisons(page).getByRole("button", { name: "Regenerate" }).click();
  await expect(comparisons(page)).toHaveCount(1);
  await expect(comparisons(page).getByRole("article")).toHaveCount(2);
  await expect(comparisons(page).getByRole("article", { name: "Answer 1: chat-pro" })).toBeVisible();
  await expect(comparisons(page).getByRole("article", { name: "Answer 2: chat-fast" })).toBeVisible();
  await expect(comparisons(page).getByRole("button", { name: "Continue with this answer" })).toHaveCount(2);
  // Not a version of one column: no single reply, and the question has the earlier comparison as its other version.
  await expect(page.getByRole("article", { name: "Assistant" })).toHaveCount(0);
  const question = page.getByRole("article", { name: "You" }).last();
  await expect(question.getByTestId("version")).toHaveText("2 / 2");
  await expect(page.getByRole("status").filter({ hasText: "Choose an answer to continue" })).toBeVisible();

  // The earlier version keeps its comparison, the answer continued with and what followed it.
  await question.getByRole("button", { name: "Previous version" }).click();
  await expect(comparisons(page).getByRole("article", { name: "Answer 2: chat-fast" }).getByRole("status")).toHaveText(
    "The conversation continues from this answer",
  );
  await expect(page.getByRole("article", { name: "Assistant" }).getByTestId("finish")).toBeVisible();
});
