import { join } from "node:path";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-quick-0001";
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 100, giftBalance: 0 }],
    keys: [{ key: KEY, tenant: "t", id: "k", name: "Quick key" }],
    timeScale: 1,
    tokensPerSecond: 20,
    firstTokenDelayMs: 100,
  });
});
test.afterAll(() => gateway.close());

test("quick chat at /quick: type, stream, Stop, send again, then continue in the main window", async ({
  launchApp,
}, testInfo) => {
  test.skip(testInfo.project.name === "electron", "the Electron project opens quick chat with its shortcut");
  const { page } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  const quick = new URL(page.url());
  quick.pathname = "/quick";
  // The size of the desktop's quick chat window.
  await page.setViewportSize({ width: 560, height: 520 });
  await page.goto(quick.toString());

  await expect(page.getByRole("heading", { name: "Quick chat" })).toBeVisible();
  const model = page.getByRole("combobox", { name: "Model" });
  await model.fill("chat-fast");
  await model.press("Enter");
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("Write something long about quick windows");
  await message.press("Enter");
  const replies = page.getByRole("article", { name: "Assistant" });
  await expect(replies.last().locator(".markdown")).toContainText(/\w+ \w+ \w+/);
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(replies.last().getByRole("status")).toHaveText("Stopped");

  // Esc stops a reply as well, rather than hiding the window.
  await message.fill("Write more about quick windows");
  await message.press("Enter");
  await expect(replies).toHaveCount(2);
  await expect(replies.last().locator(".markdown")).toContainText(/\w+ \w+ \w+/);
  await page.keyboard.press("Escape");
  await expect(replies.last().getByRole("status")).toHaveText("Stopped");
  await expect(page.getByRole("heading", { name: "Quick chat" })).toBeVisible();

  await message.fill("And a short answer, please");
  await message.press("Enter");
  await expect(replies).toHaveCount(3);
  await expect(replies.last().getByTestId("finish")).toHaveText(/Finished|Cut at max tokens/, { timeout: 60_000 });
  await expect(replies.last().getByTestId("reply-meta")).toContainText("chat-fast");
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-quick-chat.png`) });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Open in ModelDesk" }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole("navigation", { name: "Panes" })).toBeVisible();
  const conversation = page.getByRole("region", { name: "Write something long about quick windows" });
  await expect(conversation.getByRole("article", { name: "You" })).toHaveCount(3);
  await expect(conversation.getByRole("article", { name: "Assistant" })).toHaveCount(3);
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
});
