import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { newProfileForm } from "./support/profile-form.ts";
import { startGateway } from "./support/test-gateway.ts";

let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 10, giftBalance: 0 }],
    keys: [{ key: "sk-e2e-settings-good", tenant: "t", id: "k", name: "Settings key" }],
  });
});
test.afterAll(() => gateway.close());

test("add a profile: the form validates, the key stays write-only, Test connection reports success or the exact error", async ({
  launchApp,
}) => {
  const { page } = await launchApp();
  const form = await newProfileForm(page, {
    name: "Staging",
    baseUrl: "gateway without scheme",
    key: "sk-e2e-settings-good",
  });
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert")).toContainText("Base URL must be a URL such as https://gateway.example.com");

  await form.getByLabel("Base URL").fill(`${gateway.url}/v1`);
  await form.getByLabel("Requests per minute").fill("0");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert")).toContainText("RPM must be a whole number between 1 and 100000");
  await form.getByLabel("Requests per minute").fill("120");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole("listitem", { name: "Staging" });
  await expect(card.getByTestId("key-hint")).toHaveText("Key …od");
  await card.getByRole("button", { name: "Test connection: Staging" }).click();
  await expect(card.getByRole("status")).toContainText("Connected as Settings key: balance ¥10.00");

  await card.getByRole("button", { name: "Edit: Staging" }).click();
  const edit = page.getByRole("form", { name: "Edit profile" });
  await expect(edit.getByLabel("API key")).toHaveValue("");
  await expect(edit.getByLabel("API key")).toHaveAttribute("placeholder", /…od/);
  await edit.getByLabel("API key").fill("sk-e2e-settings-bad0");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(card.getByTestId("key-hint")).toHaveText("Key …d0");
  await card.getByRole("button", { name: "Test connection: Staging" }).click();
  const alert = card.getByRole("alert");
  await expect(alert).toContainText("401 UNAUTHORIZED");
  await expect(alert.getByTestId("request-id")).toHaveText(/^req_/);

  await card.getByRole("button", { name: "Use: Staging" }).click();
  await expect(page.getByRole("combobox", { name: "Active profile" }).locator("option:checked")).toHaveText("Staging");
  await page.getByRole("button", { name: "Budget" }).click();
  await expect(page.getByRole("alert")).toContainText("UNAUTHORIZED");

  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Delete: Staging" }).click();
  const ask = page.getByRole("dialog", { name: "Delete the profile “Staging”?" });
  await expect(ask.getByRole("button", { name: "Keep it" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await expect(page.getByRole("listitem", { name: "Staging" })).toHaveCount(1);
  await page.getByRole("button", { name: "Delete: Staging" }).click();
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("listitem", { name: "Staging" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Active profile" }).locator("option:checked")).toHaveText(
    "Local gateway (offline)",
  );
});

test("Settings says how keys are stored", async ({ launchApp }, testInfo) => {
  const { page } = await launchApp();
  await page.getByRole("button", { name: "Settings" }).click();
  const notice = page.getByTestId("key-storage");
  if (testInfo.project.name === "web")
    await expect(notice).toContainText("key file that only your user account can read");
  else await expect(notice).toContainText(/system keychain|No system keyring/);
});

test("the theme follows the system until one is chosen, and the choice survives a reload and a restart", async ({
  launchApp,
}) => {
  const app = await launchApp();
  const { page } = app;
  await page.emulateMedia({ colorScheme: "dark" });
  const root = page.locator("html");
  await expect(root).toHaveAttribute("data-theme", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(root).toHaveAttribute("data-theme", "light");

  await page.getByRole("button", { name: "Settings" }).click();
  const theme = page.getByRole("combobox", { name: "Theme" });
  await expect(theme.locator("option:checked")).toHaveText("Same as the system");
  await theme.selectOption({ label: "Dark" });
  await expect(root).toHaveAttribute("data-theme", "dark");
  const primary = page.getByRole("button", { name: "Save alerts" });
  const [text, fill] = await primary.evaluate((button) => {
    const style = getComputedStyle(button);
    return [style.color, style.backgroundColor];
  });
  expect(text).not.toBe(fill);
  expect(text).toBe("rgb(11, 18, 32)");

  await page.reload();
  await expect(root).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("combobox", { name: "Theme" }).selectOption({ label: "Light" });
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(root).toHaveAttribute("data-theme", "light");

  // The app closed and started again on its data, in the same browser: still the chosen theme.
  const context = page.context();
  await app.close();
  const restarted = await launchApp({ dataDir: app.dataDir, context });
  await restarted.page.emulateMedia({ colorScheme: "dark" });
  await expect(restarted.page.locator("html")).toHaveAttribute("data-theme", "light");
});
