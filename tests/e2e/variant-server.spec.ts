import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { startVariantServer, VARIANT_REPLY, type VariantServer } from "../support/variant-server.ts";

let server: VariantServer;

test.beforeAll(async () => {
  server = await startVariantServer();
});
test.afterAll(() => server.close());

test("against an OpenAI-compatible server without balance, images or video, every pane says what it lacks", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ profile: { url: server.url, key: "sk-variant-e2e-0001" } });
  const statusBar = page.getByRole("contentinfo", { name: "Status" });
  await expect(statusBar).toContainText("Budget unknown");

  await page.getByRole("button", { name: "Budget" }).click();
  await expect(
    page.getByText("This server does not offer a balance endpoint, so the budget is unknown."),
  ).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);

  await page.getByRole("button", { name: "Settings" }).click();
  const card = page.getByRole("listitem", { name: /Gateway at/ });
  await expect(card.getByRole("list", { name: /What the server offers/ })).toContainText(
    `${server.models.length} models listed`,
  );
  await card.getByRole("button", { name: /Test connection/ }).click();
  await expect(card.getByRole("status")).toContainText(`Connected: the server lists ${server.models.length} models`);

  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("button", { name: "New chat" }).first().click();
  // A new conversation takes the first code the server lists (here a model made to fail): pick the plain one.
  await expect(page.getByRole("combobox", { name: "Model" })).toHaveValue(server.models.toSorted()[0]!);
  await page.getByRole("combobox", { name: "Model" }).fill("plain");
  await page.getByRole("combobox", { name: "Model" }).press("Enter");
  await page.getByRole("textbox", { name: "Message" }).fill("Hello?");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  const reply = page.getByRole("article", { name: "Assistant" }).last();
  await expect(reply.locator(".markdown")).toHaveText(VARIANT_REPLY);
  await expect(reply.getByTestId("reply-meta")).toContainText(/≈ \d+ in · \d+ out tokens/);

  // No balance: the Budget pane still shows what the app recorded of its own calls, and which have no price.
  await page.getByRole("button", { name: "Budget" }).click();
  const recorded = page.getByRole("region", { name: "Spend recorded by this app" });
  await expect(recorded).toBeVisible();
  await expect(recorded.getByRole("note")).toContainText("1 call this month has no price");
  await expect(recorded.getByRole("button", { name: "Set a price" })).toBeVisible();
  const plainRow = page.getByRole("table", { name: "Requests" }).getByRole("row").filter({ hasText: "plain" });
  await expect(plainRow).toHaveCount(1);
  await expect(plainRow.getByTestId("request-cost")).toHaveText("no price");
  await expect(recorded.getByText("from prices").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-budget-recorded.png`),
  });

  await page.getByRole("button", { name: "Images" }).click();
  // Its model list names no image model: said before any form fails.
  await expect(page.getByText("This server offers no image models")).toBeVisible();
  await page.getByRole("textbox", { name: "Prompt" }).fill("a lighthouse");
  await page.getByRole("combobox", { name: "Model" }).fill("plain");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText("This server does not offer image generation.")).toBeVisible();
  await page.getByRole("button", { name: "Videos" }).click();
  await expect(page.getByText("This server offers no video models")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
