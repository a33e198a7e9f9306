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
