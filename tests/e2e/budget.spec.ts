import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { balanceOf, startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-budget-0001";
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 1234.5, giftBalance: 100 }],
    keys: [
      { key: KEY, tenant: "t", id: "k1", name: "Team key", dailyBudget: 50, monthlyBudget: null },
      { key: "sk-e2e-budget-rpm5", tenant: "t", id: "k2", name: "Tight key", rpm: 5 },
    ],
  });
  // Spend something first, so the figures are not round.
  await fetch(`${gateway.url}/v1/images/generations`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "image-fast", prompt: "spend", n: 3, size: "64x64" }),
  });
});
test.afterAll(() => gateway.close());

test("Budget shows the gateway's numbers, the countdown, and refreshes on demand", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  await page.getByRole("button", { name: "Budget" }).click();
  const before = await balanceOf(gateway, KEY);
  await expect(page.getByTestId("balance-amount")).toHaveText(
    `¥${before.balance.toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
  );
  await expect(page.getByTestId("key-name")).toHaveText("Team key");
  const daily = page.getByRole("region", { name: "Daily budget" });
  await expect(daily).toContainText(`Used ¥${before.api_key.daily_used.toFixed(2)} of ¥50.00`);
  await expect(daily).toContainText(`¥${before.api_key.daily_remaining.toFixed(2)} remaining`);
  await expect(daily).toContainText(/Resets in \d\d:\d\d:\d\d/);
  await expect(page.getByRole("region", { name: "Monthly budget" })).toContainText("No monthly budget set");
  await expect(page.getByText(/Last updated/)).toBeVisible();

  const firstCountdown = await daily.getByText(/Resets in/).textContent();
  await expect(daily.getByText(/Resets in/)).not.toHaveText(firstCountdown!);

  await fetch(`${gateway.url}/v1/images/generations`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "image-fast", prompt: "spend more", size: "64x64" }),
  });
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  const after = await balanceOf(gateway, KEY);
  expect(after.balance).toBeLessThan(before.balance);
  await expect(daily).toContainText(`Used ¥${after.api_key.daily_used.toFixed(2)} of ¥50.00`);
  const money = (amount: number) =>
    `¥${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const history = page.getByRole("region", { name: "Balance history" });
  await expect(history).toContainText(`→ ${money(after.balance)} over`);
  await expect(history.getByRole("figure")).toBeVisible();
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText(
    `Today: ¥${after.api_key.daily_remaining.toFixed(2)} left`,
  );
});

test("a wrong key shows the 401 with its code, message and request id", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: "sk-e2e-wrong-key-0000" } });
  await page.getByRole("button", { name: "Budget" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("401 UNAUTHORIZED");
  await expect(alert).toContainText("The API key is invalid or has expired.");
  await expect(alert.getByTestId("request-id")).toHaveText(/^req_[0-9a-f]+$/);
  await expect(alert.getByRole("button", { name: "Copy request ID" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Error" })).toBeVisible();
});

test("a 429 shows a Retry-After countdown", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: "sk-e2e-budget-rpm5" } });
  await page.getByRole("button", { name: "Budget" }).click();
  await expect(page.getByTestId("key-name")).toHaveText("Tight key");
  // The pane's own reading is over: the app's last answer left it requests for this minute.
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeEnabled();
  // The app keeps within the key's RPM by itself; another client spending the rest of the minute is what
  // makes the app's next request meet a 429.
  for (let status = 200; status !== 429;) {
    status = (await fetch(`${gateway.url}/v1/balance`, { headers: { authorization: "Bearer sk-e2e-budget-rpm5" } }))
      .status;
  }
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("429 RATE_LIMIT");
  await expect(alert).toContainText(/You can retry in \d+ s\./);
  await expect(alert.getByTestId("request-id")).toHaveText(/^req_/);
  await expect(page.getByRole("img", { name: "Rate-limited" })).toBeVisible();
});

test("an unreachable gateway says so", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: "http://127.0.0.1:9", key: "sk-e2e-nowhere-0001" } });
  await page.getByRole("button", { name: "Budget" }).click();
  await expect(page.getByRole("alert")).toContainText("NETWORK_ERROR");
  await expect(page.getByRole("alert")).toContainText("Could not reach the gateway at 127.0.0.1:9");
  // Said once in the status bar too, whatever pane is open.
  await page.getByRole("button", { name: "Images" }).click();
  await expect(page.getByRole("contentinfo", { name: "Status" }).getByRole("status")).toHaveText(
    "Gateway unreachable: tasks resume when it answers",
  );
});
