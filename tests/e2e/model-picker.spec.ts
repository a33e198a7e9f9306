import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

test("the model picker lists the known codes with where they come from, narrows as you type, and takes any code", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp();
  await page.getByRole("button", { name: "Images", exact: true }).click();
  const model = page.getByRole("combobox", { name: "Model" });
  await model.focus();
  await model.press("ArrowDown");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(list.getByRole("option", { name: /image-pro/ })).toBeVisible();
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-model-picker.png`),
  });

  await model.fill("pro");
  await expect(list.getByRole("option", { name: /chat-fast/ })).toHaveCount(0);
  await model.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await model.press("Enter");
  await expect(list).toHaveCount(0);
  await expect(model).not.toHaveValue("pro");
  await expect(model).toHaveValue(/pro/);

  await model.fill("my-own-model");
  await expect(list).toContainText("“my-own-model” is used as typed");
  await model.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(model).toHaveValue("my-own-model");
  // Enter on a typed code that starts a known one keeps what was typed.
  await model.fill("image");
  await model.press("Enter");
  await expect(model).toHaveValue("image");
  // The field is still labelled Model for anyone who fills it directly.
  await page.getByLabel("Model").fill("image-fast");
  await expect(model).toHaveValue("image-fast");
});
