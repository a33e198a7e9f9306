import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { startVariantServer, VARIANT_REPLY, type VariantServer } from "../support/variant-server.ts";
import { describedImage, PNG_BYTES, paintedPng } from "../support/sample-files.ts";
import { expect, test } from "./support/app-fixture.ts";
import { dropFile } from "./support/drop-file.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

let server: VariantServer;
test.beforeAll(async () => {
  server = await startVariantServer(["plain", "text-only"]);
});
test.afterAll(() => server.close());

const DROPPED = paintedPng(24, 16);
const messageBox = (page: Page) => page.getByRole("textbox", { name: "Message" });
const toSend = (page: Page) => page.getByRole("list", { name: "Files to send" });

async function attachByButton(page: Page, name: string, buffer: Buffer) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Attach files" }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: "image/png", buffer });
}

/** Whether the picture was drawn, not just placed: a broken image has no natural size. */
const drawn = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth > 0);

async function chooseModel(page: Page, model: string) {
  const field = page.getByRole("combobox", { name: "Model" });
  await field.fill(model);
  await field.press("Enter");
}

for (const viewport of [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} images attached by the button and by drop reach the model, show in the transcript and stay after a reload`, async ({
    launchApp,
  }, testInfo) => {
    const { page } = await launchApp();
    await page.setViewportSize(viewport);
    await expect(page.getByText(/Images \(PNG, JPEG, WebP, GIF\) up to 4 MB/)).toBeVisible();

    await attachByButton(page, "pixel.png", PNG_BYTES);
    // Dropped with a name and type that lie: the bytes say PNG.
    await dropFile(page, messageBox(page), "drawing.txt", "text/plain", DROPPED.toString("base64"));
    await dropFile(page, messageBox(page), "notes.md", "text/markdown", Buffer.from("# Notes\n").toString("base64"));
    await expect(toSend(page).getByRole("listitem")).toHaveCount(3);
    await toSend(page).getByRole("button", { name: "Remove notes.md" }).click();
    await expect(toSend(page).getByRole("listitem")).toHaveCount(2);
    expect(await drawn(toSend(page).getByRole("img", { name: "drawing.txt" }))).toBe(true);

    await messageBox(page).fill("What are these?");
    await messageBox(page).press("Enter");
    await expect(toSend(page)).toHaveCount(0);
    const reply = page.getByRole("article", { name: "Assistant" }).last();
    await expect(reply).toContainText(
      `I received 2 images: ${describedImage("image/png", PNG_BYTES)}; ${describedImage("image/png", DROPPED)}.`,
    );
    const sent = page.getByRole("article", { name: "You" }).last().getByRole("list", { name: "Attached files" });
    await expect(sent.getByRole("img", { name: "pixel.png" })).toBeVisible();
    await expect.poll(() => drawn(sent.getByRole("img", { name: "drawing.txt" }))).toBe(true);
    await page.screenshot({
      path: join(PROJECT_ROOT, "tests", "artifacts", "chat", `attachments-${viewport.width}x${viewport.height}.png`),
    });

    if (testInfo.project.name === "web") await page.reload();
    const again = page.getByRole("article", { name: "You" }).last().getByRole("list", { name: "Attached files" });
    await expect.poll(() => drawn(again.getByRole("img", { name: "pixel.png" }))).toBe(true);
    await expect(again.getByRole("img", { name: "drawing.txt" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Assistant" }).last()).toContainText("I received 2 images");
  });
}

test("an image pasted into the message box is attached; a file that is neither image nor text is refused with the reason", async ({
  launchApp,
}) => {
  const { page } = await launchApp();
  await messageBox(page).evaluate((box, base64) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    transfer.items.add(new File([bytes], "image.png", { type: "image/png" }));
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, PNG_BYTES.toString("base64"));
  await expect(toSend(page).getByRole("img", { name: "image.png" })).toBeVisible();

  const binary = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]).toString("base64");
  await dropFile(page, messageBox(page), "photo.png", "image/png", binary);
  await expect(page.getByRole("alert")).toHaveText(
    "Only PNG, JPEG, WebP or GIF images, PDF and Word (.docx) documents and text files can be attached.",
  );
  await expect(toSend(page).getByRole("listitem")).toHaveCount(1);
});

test("a server that refuses images: said plainly, and the next message keeps its text and image in the box", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ profile: { url: server.url, key: "sk-variant-e2e-0003" } });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("button", { name: "New chat" }).first().click();
  // The model is the new conversation's: its header is shown once it is open. A model typed into the
  // first message's field meanwhile would be that field's, which the opened conversation replaces.
  await page.getByRole("combobox", { name: "API format (OpenAI / Anthropic)" }).waitFor();
  await chooseModel(page, "text-only");
  await attachByButton(page, "pixel.png", PNG_BYTES);
  await messageBox(page).fill("What is this?");
  await messageBox(page).press("Enter");
  const refusal = /This model does not take images \(text-only\)/;
  await expect(page.getByRole("article", { name: "Assistant" }).last()).toContainText(refusal);

  // Now the app knows: the next image is refused before sending, and nothing typed or attached is lost.
  await attachByButton(page, "pixel.png", PNG_BYTES);
  await messageBox(page).fill("And this one?");
  await messageBox(page).press("Enter");
  // Said where it happened: under the refused reply, and above the message box for the one not sent.
  await expect(page.getByRole("alert").filter({ hasText: refusal })).toHaveCount(2);
  await expect(page.getByRole("alert").filter({ hasText: refusal }).last()).toContainText(
    "Pick a model that takes images",
  );
  await expect(messageBox(page)).toHaveValue("And this one?");
  await expect(toSend(page).getByRole("img", { name: "pixel.png" })).toBeVisible();
  await expect(page.getByRole("article", { name: "You" })).toHaveCount(1);
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "chat", "attachments-refused-1280x800.png") });

  // The refused question kept its image: with a model that takes images, Retry answers it.
  await chooseModel(page, "plain");
  await page.getByRole("article", { name: "Assistant" }).last().getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("article", { name: "Assistant" }).last()).toContainText(VARIANT_REPLY);
});
