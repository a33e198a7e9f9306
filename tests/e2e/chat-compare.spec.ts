import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/app-fixture.ts";
import { axeScan, reportAxe } from "./support/axe-scan.ts";
import { startNewChat } from "./support/chat-steps.ts";
import { dropFile } from "./support/drop-file.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { decodePng } from "../support/media-probe.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(
    testInfo.project.name === "electron",
    "The embedded gateway's pace can only be set in the web host, and Electron saves through a dialog.",
  );
});

const answer = (page: Page, index: number, model: string) =>
  page.getByRole("region", { name: "Comparison" }).getByRole("article", { name: `Answer ${index}: ${model}` });

async function exportedMarkdown(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Export Markdown" }).click(),
  ]);
  return readFileSync((await download.path())!, "utf8");
}

/** Nothing on the page reaches past the window's right edge. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const columns = page.getByRole("region", { name: "Comparison" }).getByRole("article");
  for (const column of await columns.all()) {
    const box = (await column.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
}

/** The colours along the right edge of an answer's text, where its scrollbar goes when it has one. */
async function rightEdgeColours(text: Locator): Promise<Set<string>> {
  const { width, height, data } = decodePng(await text.screenshot());
  const colours = new Set<string>();
  for (let y = 0; y < height; y++) {
    for (let x = width - 6; x < width; x++) {
      const at = (y * width + x) * 4;
      colours.add(data.subarray(at, at + 3).join(","));
    }
  }
  return colours;
}

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} Compare sends one message to two models, streams both side by side with their figures, stops one, continues with the other and keeps the comparison`, async ({
    launchApp,
  }, testInfo) => {
    test.slow();
    // A real pace: one answer can be stopped while the other still streams.
    const { page } = await launchApp({ gatewayConfig: { timeScale: 1, tokensPerSecond: 15, firstTokenDelayMs: 50 } });
    await page.setViewportSize(viewport);
    await startNewChat(page);

    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await expect(page.getByRole("button", { name: "Compare", exact: true })).toHaveAttribute("aria-pressed", "true");
    const picks = page.getByRole("group", { name: "Models to compare" });
    await expect(picks.getByRole("combobox", { name: "Model 1" })).toHaveValue("chat-fast");
    await picks.getByRole("combobox", { name: "Model 2" }).fill("chat-pro");
    await picks.getByRole("combobox", { name: "Model 2" }).press("Escape");

    // The pair is kept as a model set, one pick away next time.
    await page.getByRole("button", { name: "Save as model set" }).click();
    await page.getByRole("textbox", { name: "Model set name" }).fill("Fast and pro");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved as the model set “Fast and pro”." })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Model set" })).toHaveValue(/.+/);

    await page.getByRole("textbox", { name: "Message" }).fill("Which of you is faster?");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    const fast = answer(page, 1, "chat-fast");
    const pro = answer(page, 2, "chat-pro");
    // Stopped as soon as it speaks, so that it cannot have finished first however slow the machine is.
    await expect(fast.getByRole("region", { name: "Text of answer 1, scrolls on its own" })).toContainText("chat-fast");
    await expect(page.getByRole("button", { name: "Stop all" })).toBeVisible();
    // Each column's Stop stays in view while the transcript follows the answers.
    const stopFast = fast.getByRole("button", { name: "Stop", exact: true });
    await expect(stopFast).toBeInViewport();
    // By keyboard: a click's scrolling into view races the transcript following the other answer on a busy machine.
    await stopFast.press("Enter");
    await expect(pro.getByRole("region", { name: "Text of answer 2, scrolls on its own" })).toContainText("chat-pro");
    await expect(fast.getByTestId("answer-figures")).toContainText(/First token \d+\.\d+ s/);
    await expectNoSidewaysScroll(page);
    await expect(fast.getByRole("status")).toHaveText("Stopped");

    // The other answer finishes with its own first-token time, speed, tokens and cost.
    await expect(pro.getByRole("button", { name: "Continue with this answer" })).toBeVisible({ timeout: 45_000 });
    const figures = pro.getByTestId("answer-figures");
    await expect(figures).toContainText(/First token \d+\.\d+ s/);
    await expect(figures).toContainText(/\d+\.\d tok\/s/);
    await expect(figures).toContainText(/\d+ → \d+ tokens/);
    await expect(pro.getByTestId("answer-cost")).toHaveText(/Cost (≈ )?¥\d+\.\d{2}/, { timeout: 30_000 });
    await expect(fast.getByTestId("answer-cost")).toHaveText(/Cost (≈ )?¥\d+\.\d{2}/, { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    const compareAxe = await axeScan(page, "comparison");
    reportAxe(`${testInfo.project.name}-chat-compare-${viewport.width}`, [compareAxe]);
    expect(compareAxe.blocking).toEqual([]);
    await page.screenshot({
      path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-chat-compare-${viewport.width}.png`),
    });
    // An answer that fits its column shows no edge shadow, its empty scrollbar gutter included; a longer one
    // shadows the edge it scrolls on past.
    const fastText = fast.getByRole("region", { name: "Text of answer 1, scrolls on its own" });
    expect(await fastText.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
    expect(await rightEdgeColours(fastText)).toHaveProperty("size", 1);
    const proText = pro.getByRole("region", { name: "Text of answer 2, scrolls on its own" });
    await expect(proText).toHaveCSS("box-shadow", /inset/);

    // Until an answer is chosen nothing follows the question; Continue makes one the conversation's reply.
    await pro.getByRole("button", { name: "Continue with this answer" }).click();
    await expect(pro.getByRole("status")).toHaveText("The conversation continues from this answer");
    await expect(fast.getByRole("button", { name: "Continue with this answer" })).toBeVisible();
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await expect(page.getByRole("group", { name: "Models to compare" })).toHaveCount(0);
    await page.getByRole("textbox", { name: "Message" }).fill("And the next step?");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    const reply = page.getByRole("article", { name: "Assistant" }).last();
    await expect(reply.getByTestId("finish")).toBeVisible({ timeout: 45_000 });
    await expect(reply.getByTestId("reply-meta")).toContainText("chat-fast");

    const markdown = await exportedMarkdown(page);
    expect(markdown).toContain("#### chat-fast");
    expect(markdown).toContain("#### chat-pro (continued with this answer)");
    expect(markdown).toContain("And the next step?");

    // The comparison is kept with the conversation.
    await page.reload();
    await expect(pro.getByRole("status")).toHaveText("The conversation continues from this answer");
    await expect(fast.getByRole("status")).toHaveText("Stopped");
    await expect(pro.getByRole("region", { name: "Text of answer 2, scrolls on its own" })).toContainText("chat-pro");
    await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("finish")).toBeVisible();

    // Each answer is a paid call of its own, listed under the conversation's title.
    await page.getByRole("button", { name: "Budget", exact: true }).click();
    const requests = page.getByRole("table", { name: "Requests" });
    const title = "Which of you is faster?";
    // The model's cell carries what the call was for (the conversation's title) as its tooltip.
    await expect(requests.getByTitle(title, { exact: true }).filter({ hasText: "chat-pro" })).toHaveCount(1);
    await expect(requests.getByTitle(title, { exact: true }).filter({ hasText: "chat-fast" })).toHaveCount(2);
    // And leads back to it.
    await requests.getByRole("button", { name: "chat-pro", exact: true }).click();
    await expect(page.getByRole("region", { name: title })).toBeVisible();
    await expect(pro.getByRole("status")).toHaveText("The conversation continues from this answer");
  });
}

for (const { viewport, models } of [
  { viewport: { width: 960, height: 640 }, models: ["chat-fast", "chat-pro", "chat-fast"] },
  { viewport: { width: 1280, height: 800 }, models: ["chat-fast", "chat-pro", "chat-fast", "chat-pro"] },
]) {
  test(`at ${viewport.width}×${viewport.height} ${models.length} answers stand side by side, each whole`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await page.setViewportSize(viewport);
    await startNewChat(page);
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    const picks = page.getByRole("group", { name: "Models to compare" });
    for (const [index, model] of models.entries()) {
      if (index >= 2) await picks.getByRole("button", { name: "Add a model" }).click();
      const field = picks.getByRole("combobox", { name: `Model ${index + 1}` });
      await field.fill(model);
      await field.press("Escape");
    }
    await page.getByRole("textbox", { name: "Message" }).fill("Side by side?");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    const columns = page.getByRole("region", { name: "Comparison" }).getByRole("article");
    await expect(columns).toHaveCount(models.length);
    for (const column of await columns.all()) {
      await expect(column.getByRole("button", { name: "Continue with this answer" })).toBeVisible();
    }
    await page.screenshot({
      path: join(
        PROJECT_ROOT,
        "tests",
        "artifacts",
        `${testInfo.project.name}-chat-compare-${models.length}-${viewport.width}.png`,
      ),
    });
    const boxes = await Promise.all((await columns.all()).map(async (column) => (await column.boundingBox())!));
    // One row: every column starts at the same height, each to the right of the one before.
    for (const [index, box] of boxes.entries()) {
      expect(box.y).toBe(boxes[0]!.y);
      if (index > 0) expect(box.x).toBeGreaterThan(boxes[index - 1]!.x + boxes[index - 1]!.width - 1);
    }
    await expectNoSidewaysScroll(page);
    // Nothing in a column is cut at its sides: its buttons and figures fit its width.
    for (const column of await columns.all()) {
      const cut = await column.evaluate((element) =>
        [...element.querySelectorAll<HTMLElement>("button, [data-testid]")]
          .filter((inner) => inner.scrollWidth > inner.clientWidth + 1)
          .map((inner) => inner.textContent),
      );
      expect(cut).toEqual([]);
    }
  });
}

test("Compare sends the text of the message and keeps the files attached to it in the box", async ({ launchApp }) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
  await page.setViewportSize({ width: 1280, height: 800 });
  await startNewChat(page);
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const message = page.getByRole("textbox", { name: "Message" });
  await dropFile(page, message, "notes.md", "text/markdown", Buffer.from("# Notes\n").toString("base64"));
  const toSend = page.getByRole("list", { name: "Files to send" });
  await expect(toSend.getByText("notes.md")).toBeVisible();
  // Files alone are not a question to compare.
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();

  await message.fill("Which is shorter?");
  await message.press("Enter");
  await expect(page.getByRole("region", { name: "Comparison" }).getByRole("article")).toHaveCount(2);
  await expect(message).toHaveValue("");
  await expect(toSend.getByText("notes.md")).toBeVisible();
  await expect(page.getByRole("article", { name: "You" }).last()).toHaveText(/Which is shorter\?/);
  await expect(page.getByRole("article", { name: "You" }).last()).not.toContainText("notes.md");
});
