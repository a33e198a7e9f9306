import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { join } from "node:path";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-rpm3-0001";
const BUDGET_KEY = "sk-e2e-rpm3-0002";
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 100, giftBalance: 0 }],
    keys: [
      { key: KEY, tenant: "t", id: "k", name: "RPM 3 key", rpm: 3 },
      { key: BUDGET_KEY, tenant: "t", id: "k2", name: "RPM 3 budget key", rpm: 3 },
    ],
    timeScale: 0.02,
    rateLimitWindowSeconds: 8,
  });
});
test.afterAll(() => gateway.close());

/** Another client on the same key spends what is left of the window. */
async function spendTheWindow() {
  for (let status = 200; status !== 429;) {
    status = (await fetch(`${gateway.url}/v1/balance`, { headers: { authorization: `Bearer ${KEY}` } })).status;
  }
}

test("on an RPM-3 key a held reply counts down, Stop cancels it, and the next Send works once the reply ends", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("button", { name: "New chat" }).first().click();
  const message = page.getByRole("textbox", { name: "Message" });
  const replies = page.getByRole("article", { name: "Assistant" });
  const wait = page.getByRole("status").filter({ hasText: "Waiting for the rate limit — sending in" });

  await spendTheWindow();
  await message.fill("First question");
  await message.press("Enter");
  await expect(wait).toHaveText(/sending in \d+ s/);
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(replies.last().getByRole("status")).toHaveText("Stopped");
  await expect(replies).toHaveCount(1);
  await expect(wait).toBeHidden();

  await spendTheWindow();
  await message.fill("Second question");
  await message.press("Enter");
  await expect(wait).toBeVisible();
  await expect(replies).toHaveCount(2);
  await expect(replies.last().getByTestId("finish")).toHaveText("Finished", { timeout: 30_000 });
  await expect(replies).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible({ timeout: 2_000 });
  await message.fill("Third question");
  await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
});

test("a balance reading held for the key's rate limit says so beside Refresh, with the seconds left", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: BUDGET_KEY } });
  await page.setViewportSize({ width: 960, height: 640 });
  await page.getByRole("button", { name: "Budget", exact: true }).click();
  const refresh = page.getByRole("button", { name: "Refresh", exact: true });
  const held = page.getByRole("status").filter({ hasText: "Waiting for the key's rate limit — reading in" });
  // Each reading spends one of the key's three requests a minute, and its answer says how many are
  // left: once none are, the next reading waits for the minute.
  for (let reading = 0; reading < 5 && !(await held.isVisible()); reading++) {
    await expect(refresh.and(page.locator(":enabled")).or(held).first()).toBeVisible();
    if (await held.isVisible()) break;
    await refresh.click();
    await expect(refresh.and(page.locator(":enabled")).or(held).first()).toBeVisible();
  }
  await expect(held).toHaveText(/reading in \d+ s$/);
  await expect(refresh).toBeDisabled();
  // Both whole in the pane's header at the narrowest window, nothing pushed out of view.
  const header = (await page.locator(".pane__header").boundingBox())!;
  for (const shown of [held, refresh]) {
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(header.x + header.width);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
  }
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-budget-held.png`) });
});
