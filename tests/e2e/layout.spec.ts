import { expect, test } from "./support/app-fixture.ts";

test("from 960×640 up: the navigation folds to icons that keep their names, and Generate video stays in view", async ({
  launchApp,
}) => {
  const { page } = await launchApp();
  await page.setViewportSize({ width: 960, height: 640 });
  const nav = page.getByRole("navigation", { name: "Panes" });
  await expect(nav.getByRole("button", { name: "Expand navigation" })).toHaveAttribute("aria-expanded", "false");
  expect((await nav.boundingBox())?.width).toBeLessThan(80);
  await nav.getByRole("button", { name: "Videos", exact: true }).click();
  await expect(page.getByRole("button", { name: "Generate video" })).toBeInViewport();

  await nav.getByRole("button", { name: "Expand navigation" }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBeGreaterThan(150);
  await page.reload();
  await expect(nav.getByRole("button", { name: "Collapse navigation" })).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("button", { name: "Collapse navigation" }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  // Chosen by the user, so a wide window keeps it folded.
  await expect(nav.getByRole("button", { name: "Expand navigation" })).toBeVisible();
  expect((await nav.boundingBox())?.width).toBeLessThan(80);
});

test("the conversation list folds away and back, and stays as it was left", async ({ launchApp }) => {
  const { page } = await launchApp();
  const list = page.getByRole("complementary", { name: "Conversations" });
  await expect(list).toBeVisible();
  const message = page.getByRole("textbox", { name: "Message" });
  const narrow = (await message.boundingBox())!.width;
  await page.getByRole("button", { name: "Hide conversations" }).click();
  await expect(list).toHaveCount(0);
  expect((await message.boundingBox())!.width).toBeGreaterThan(narrow + 200);
  await page.reload();
  await expect(page.getByRole("button", { name: "Show conversations" })).toHaveAttribute("aria-expanded", "false");
  await expect(list).toHaveCount(0);
  await page.getByRole("button", { name: "Show conversations" }).click();
  await expect(list).toBeVisible();
});
