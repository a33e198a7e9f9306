import { join } from "node:path";
import type { Page } from "@playwright/test";
import { samplePdf } from "../support/sample-pdf.ts";
import { sampleDocx } from "../support/sample-docx.ts";
import { expect, test } from "./support/app-fixture.ts";
import { startNewChat } from "./support/chat-steps.ts";
import { dropFile } from "./support/drop-file.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

const REPORT = Buffer.from(samplePdf(["Revenue grew.", "Costs fell.", "Outlook: fine."]));
const MEMO = Buffer.from(sampleDocx(["To the team:", "Ship it on Friday."]));
const messageBox = (page: Page) => page.getByRole("textbox", { name: "Message" });
const toSend = (page: Page) => page.getByRole("list", { name: "Files to send" });

async function attachByButton(page: Page, name: string, mimeType: string, buffer: Buffer) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Attach files" }).click(),
  ]);
  await chooser.setFiles({ name, mimeType, buffer });
}

/** The estimate's first figure: what the least of the reply would cost. */
async function leastEstimate(page: Page): Promise<number> {
  const text = (await page.getByTestId("cost-estimate").textContent()) ?? "";
  return Number(/([\d.]+)/.exec(text.replace(/,/g, ""))?.[1] ?? Number.NaN);
}

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} a three-page PDF and a Word document reach the model as text, whole`, async ({
    launchApp,
  }) => {
    const { page } = await launchApp();
    await page.setViewportSize(viewport);
    await expect(page.getByText(/PDF and Word \(\.docx\) documents up to 8 MB \(their first 100 pages/)).toBeVisible();

    await attachByButton(page, "report.pdf", "application/pdf", REPORT);
    await dropFile(page, messageBox(page), "memo.docx", "application/octet-stream", MEMO.toString("base64"));
    await expect(toSend(page).getByRole("listitem")).toHaveCount(2);
    await expect(toSend(page).getByRole("listitem").first()).toContainText("PDF · 3 pages · 69 characters");
    await expect(toSend(page).getByRole("listitem").last()).toContainText("Word · 32 characters");

    await messageBox(page).fill("Sum these up");
    await messageBox(page).press("Enter");
    await expect(toSend(page)).toHaveCount(0);
    const reply = page.getByRole("article", { name: "Assistant" }).last();
    await expect(reply).toContainText('I received 2 files as text: "report.pdf" (PDF, 3 pages), 69 characters, sha256');
    await expect(reply).toContainText('"memo.docx" (Word document), 32 characters, sha256');
    const sent = page.getByRole("article", { name: "You" }).last().getByRole("list", { name: "Attached files" });
    await expect(sent.getByRole("listitem")).toHaveCount(2);
    await expect(sent).toContainText("PDF · 3 pages · 69 characters");
    await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0);
    await page.screenshot({
      path: join(PROJECT_ROOT, "tests", "artifacts", "chat", `documents-${viewport.width}x${viewport.height}.png`),
    });
  });
}

test("a scanned PDF, a locked one and a damaged one are each refused with their own reason, naming the file", async ({
  launchApp,
}) => {
  const { page } = await launchApp();
  const cases = [
    ["scan.pdf", samplePdf([null]), '"scan.pdf" has no text to read: it may be a scan'],
    ["locked.pdf", samplePdf(["secret"], { encrypt: true }), '"locked.pdf" is protected by a password'],
    ["broken.pdf", new TextEncoder().encode("%PDF-1.7\nnothing"), '"broken.pdf" could not be read'],
  ] as const;
  for (const [name, bytes, reason] of cases) {
    await attachByButton(page, name, "application/pdf", Buffer.from(bytes));
    await expect(page.getByRole("alert").filter({ hasText: reason })).toBeVisible();
    await expect(toSend(page)).toHaveCount(0);
  }
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "chat", "documents-refused.png") });
});

test("the estimate before Send counts a document's text", async ({ launchApp }) => {
  const { page } = await launchApp();
  await startNewChat(page);
  await messageBox(page).fill("Hi");
  await expect.poll(() => leastEstimate(page)).toBeGreaterThan(0);
  const alone = await leastEstimate(page);
  const long = Buffer.from(samplePdf(Array.from({ length: 20 }, (_, index) => `Page ${index} `.repeat(400))));
  await attachByButton(page, "long.pdf", "application/pdf", long);
  await expect(toSend(page).getByRole("listitem")).toHaveCount(1);
  await expect.poll(() => leastEstimate(page)).toBeGreaterThan(alone);
});
