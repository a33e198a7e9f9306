import type { Locator, Page } from "@playwright/test";

/** Opens Settings → Add profile and fills the form's first fields; returns the form, not yet saved. */
export async function newProfileForm(
  page: Page,
  fields: { name: string; baseUrl: string; key: string },
): Promise<Locator> {
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await page.getByRole("button", { name: "Add profile" }).click();
  const form = page.getByRole("form", { name: "New profile" });
  await form.getByLabel("Name").fill(fields.name);
  await form.getByLabel("Base URL").fill(fields.baseUrl);
  await form.getByLabel("API key").fill(fields.key);
  return form;
}
