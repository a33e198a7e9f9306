import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { dropFile } from "./support/drop-file.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { twoColourPngDataUrl } from "../support/media-probe.ts";

test("an image dropped anywhere on the window is offered as the reference image of a new video", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp();
  const main = page.locator("main");

  // A text file named like a picture is refused by its content, and nothing is offered.
  await dropFile(page, main, "fake.png", "image/png", Buffer.from("plain text").toString("base64"));
  await expect(page.getByRole("alert")).toContainText("not a PNG or JPEG");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Dismiss" }).click();

  const png = twoColourPngDataUrl(160, 90, [220, 30, 30], [30, 30, 220]).split(",")[1]!;
  await dropFile(page, main, "sunset.png", "image/png", png);
  const offer = page.getByRole("dialog", { name: "Make a video from this image?" });
  await expect(offer).toContainText("sunset.png");
  await expect(offer.getByRole("button", { name: "Not now" })).toBeFocused();
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-drop-offer.png`) });
  await page.keyboard.press("Escape");
  await expect(offer).toBeHidden();
  await expect(page.getByRole("heading", { name: "Chat" })).toBeAttached();

  await dropFile(page, main, "sunset.png", "image/png", png);
  await offer.getByRole("button", { name: "Use in a new video" }).click();
  const zone = page.getByRole("group", { name: "Reference image" });
  await expect(zone.getByRole("img", { name: "Reference image preview" })).toBeVisible();
  await expect(zone).toContainText("sunset.png");
  await expect(page.getByRole("button", { name: "Generate video" })).toBeVisible();
});
