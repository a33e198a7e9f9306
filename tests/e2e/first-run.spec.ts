import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

const PANES = ["Chat", "Images", "Videos", "Tasks", "Budget", "Settings"] as const;

test("first run shows the offline profile with the embedded gateway's balance", async ({ launchApp }) => {
  const { page } = await launchApp();
  await expect(page.getByRole("combobox", { name: "Active profile" })).toHaveValue("local-gateway");
  await expect(page.getByRole("combobox", { name: "Active profile" }).locator("option:checked")).toHaveText(
    "Local gateway (offline)",
  );
  await page.getByRole("button", { name: "Budget" }).click();
  await expect(page.getByTestId("key-name")).toHaveText("Demo key");
  await expect(page.getByTestId("balance-amount")).toHaveText("¥120.00");
  await expect(page.getByRole("meter", { name: "Daily budget" })).toBeVisible();
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("listitem", { name: "Local gateway (offline)" })).toContainText("Embedded gateway");
});

test("every pane opens from the rail; screenshots in light and dark", async ({ launchApp }, testInfo) => {
  const { page } = await launchApp();
  await page.getByRole("button", { name: "Budget" }).click();
  await expect(page.getByTestId("balance-amount")).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const pane of PANES) {
      await page.getByRole("button", { name: pane, exact: true }).click();
      await expect(page.getByRole("button", { name: pane, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 1, name: pane })).toBeVisible();
      if (pane === "Budget") await expect(page.getByTestId("balance-amount")).toBeVisible();
      await page.screenshot({
        path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-${pane.toLowerCase()}-${scheme}.png`),
      });
    }
  }
});
