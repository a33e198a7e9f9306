import { expect, test } from "./support/app-fixture.ts";

test("Result origins: one origin per line, refused with the allowed form named, kept with the profile", async ({
  launchApp,
}) => {
  const { page } = await launchApp();
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await page.getByRole("button", { name: "Edit: Local gateway (offline)" }).click();
  const form = page.getByRole("form", { name: "Edit profile" });
  const field = form.getByRole("textbox", { name: "Result origins" });
  await expect(field).toHaveValue("");

  await field.fill("http://192.168.1.20:9000\n192.168.1.21:9000/files");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert").first()).toContainText(
    "one origin per line: http:// or https://, a host and an optional port, nothing after",
  );
  await expect(field).toBeFocused();

  await field.fill("http://192.168.1.20:9000\n\nHTTPS://Files.Example:8443/");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();

  await page.getByRole("button", { name: "Edit: Local gateway (offline)" }).click();
  await expect(form.getByRole("textbox", { name: "Result origins" })).toHaveValue(
    "http://192.168.1.20:9000\nhttps://files.example:8443",
  );
});
