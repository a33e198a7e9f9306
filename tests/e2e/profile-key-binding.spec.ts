import { expect, test } from "./support/app-fixture.ts";
import { newProfileForm } from "./support/profile-form.ts";

test("a new address needs the key again, and plain http to another machine needs a confirmation", async ({
  launchApp,
}) => {
  const { page } = await launchApp();
  const form = await newProfileForm(page, {
    name: "Office",
    baseUrl: "http://10.1.2.3:8080",
    key: "sk-e2e-office-key-0001",
  });
  const consent = form.getByRole("checkbox", { name: "Send the key unencrypted over http" });
  await expect(consent).not.toBeChecked();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert")).toContainText("plain http");
  await consent.check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole("listitem", { name: "Office" });
  await expect(card.getByTestId("key-hint")).toHaveText("Key …01");
  await card.getByRole("button", { name: "Edit: Office" }).click();
  const edit = page.getByRole("form", { name: "Edit profile" });
  await expect(edit.getByRole("checkbox", { name: "Send the key unencrypted over http" })).toBeChecked();
  await edit.getByLabel("Base URL").fill("https://elsewhere.example.com");
  await expect(edit.getByRole("checkbox", { name: "Send the key unencrypted over http" })).toHaveCount(0);
  await expect(edit.getByText("enter the key again")).toBeVisible();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("alert")).toContainText("enter the key again");
  await edit.getByLabel("Base URL").fill("http://10.1.2.3:8080/v1");
  await expect(edit.getByText("enter the key again")).toHaveCount(0);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByTestId("key-hint")).toHaveText("Key …01");
});
