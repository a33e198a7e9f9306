import { join } from "node:path";
import type { Page } from "@playwright/test";
import { samplePdf } from "../support/sample-pdf.ts";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "A saved file is a download in the browser, a dialog in Electron.");
});

const VIEWPORTS = [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
];
const pane = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).click();

/** Starts a conversation with the assistant from the menu beside New chat, sends a message and waits for the reply. */
async function chatWith(page: Page, name: string) {
  await pane(page, "Chat");
  await page.getByRole("button", { name: "New chat with assistant", exact: true }).click();
  await page.getByRole("menu", { name: "Assistants" }).getByRole("menuitem", { name, exact: true }).click();
  await expect(page.getByRole("img", { name: `Assistant: ${name}` })).toBeVisible();
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toBeFocused();
  await message.fill("Write me a haiku about the sea");
  await message.press("Enter");
  const reply = page.getByRole("article", { name: "Assistant" }).last();
  await expect(reply.getByTestId("finish")).toBeVisible();
  await expect(reply.getByTestId("reply-meta")).toContainText("chat-pro");
  // The assistant's document goes with every question, whole: the local gateway says what it received.
  await expect(reply).toContainText('I received 1 file as text: "style.pdf", 51 characters, sha256');
}

for (const viewport of VIEWPORTS) {
  test(`an assistant created, used, exported and imported into a fresh data folder at ${viewport.width}×${viewport.height}`, async ({
    launchApp,
  }, testInfo) => {
    const shot = (page: Page, name: string) =>
      page.screenshot({
        path: join(
          PROJECT_ROOT,
          "tests",
          "artifacts",
          `${testInfo.project.name}-assistants-${name}-${viewport.width}.png`,
        ),
      });
    const first = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    await first.page.setViewportSize(viewport);
    const page = first.page;

    await pane(page, "Settings");
    await page.getByRole("button", { name: "Add assistant" }).click();
    const form = page.getByRole("form", { name: "New assistant" });
    await form.getByLabel("Assistant name").fill("Poet");
    await form.getByLabel("Avatar").fill("🦉");
    await form.getByLabel("System prompt").fill("Answer in verse.");
    await form.getByRole("combobox", { name: "Model" }).fill("chat-pro");
    await form.getByLabel("Temperature").fill("1.2");
    await expect(form.getByRole("listitem")).toHaveCount(0);
    await expect(form).toContainText("No documents.");
    const documentChooser = page.waitForEvent("filechooser");
    await form.getByRole("button", { name: "Add document" }).click();
    await (
      await documentChooser
    ).setFiles({
      name: "style.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(samplePdf(["Rhyme every line.", "Keep it short."])),
    });
    await expect(form.getByRole("listitem", { name: "style.pdf" })).toContainText("2 pages");
    await shot(page, "form");
    await form.getByRole("button", { name: "Save assistant" }).click();
    const card = page.getByRole("listitem", { name: "Poet", exact: true });
    await expect(card).toContainText("chat-pro · Chat Completions · temperature 1.2");

    await chatWith(page, "Poet");
    await shot(page, "chat");

    // Its card exports it alone; the file is the documented format.
    await pane(page, "Settings");
    const download = page.waitForEvent("download");
    await card.getByRole("button", { name: "Export: Poet" }).click();
    const file = join(first.dataDir, "poet.assistant.json");
    await (await download).saveAs(file);
    expect((await download).suggestedFilename()).toBe("Poet.assistant.json");
    const all = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export assistants", exact: true }).click();
    expect((await all).suggestedFilename()).toBe("assistants.json");

    // Another data folder: the assistant comes in beside the built-ins and starts conversations there too.
    const second = await launchApp({ gatewayConfig: { timeScale: 0.05 } });
    expect(second.dataDir).not.toBe(first.dataDir);
    await second.page.setViewportSize(viewport);
    const other = second.page;
    await pane(other, "Settings");
    await expect(other.getByRole("listitem", { name: "Poet", exact: true })).toHaveCount(0);
    const chooser = other.waitForEvent("filechooser");
    await other.getByRole("button", { name: "Import assistants", exact: true }).click();
    await (await chooser).setFiles(file);
    await expect(other.getByRole("status").filter({ hasText: "Imported" })).toHaveText("Imported 1 assistant.");
    const imported = other.getByRole("listitem", { name: "Poet", exact: true });
    await expect(imported).toContainText("chat-pro · Chat Completions · temperature 1.2");
    await expect(imported).toContainText("Answer in verse.");
    await imported.scrollIntoViewIfNeeded();
    await shot(other, "imported");

    // The same file again: a copy under a name of its own, and what was not an assistant said by its place.
    const chooserAgain = other.waitForEvent("filechooser");
    await other.getByRole("button", { name: "Import assistants", exact: true }).click();
    await (
      await chooserAgain
    ).setFiles({
      name: "mixed.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify([{ name: "Poet" }, { name: "Hot", temperature: 9 }, "nope"])),
    });
    const result = other.getByRole("status").filter({ hasText: "Imported" });
    await expect(result).toContainText("Imported 1 assistant.");
    await expect(result.getByRole("listitem")).toHaveText([
      "Assistant 2 (“Hot”): temperature: Temperature must be between 0 and 2 for Chat Completions",
      "Assistant 3: Not an assistant: an assistant is an object with a name",
    ]);
    await expect(other.getByRole("listitem", { name: "Poet (2)", exact: true })).toBeVisible();
    await result.scrollIntoViewIfNeeded();
    await shot(other, "import-skipped");

    await chatWith(other, "Poet");
    await shot(other, "imported-chat");
  });
}
