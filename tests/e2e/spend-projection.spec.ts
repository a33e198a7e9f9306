import { join } from "node:path";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { expect, test } from "./support/app-fixture.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { balanceOf, startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-projection-0001";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 3 }],
    keys: [{ key: KEY, tenant: "t", id: "k1", name: "Busy key", dailyBudget: 2, monthlyBudget: 20 }],
  });
  // Another client spent 1.50 today, on fifteen images.
  for (const n of [4, 4, 4, 3]) {
    await fetch(`${gateway.url}/v1/images/generations`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "image-fast", prompt: "spend", n, size: "64x64" }),
    });
  }
});
test.afterAll(() => gateway.close());

/**
 * A week of readings the app would have taken while that spend happened: nothing for a week, then
 * the day's 1.50 spread over the last two hours. They end before the app's own first reading.
 */
function seedWeek(dataDir: string, spent: number, balanceNow: number, now: number) {
  const db = openAppDatabase(join(dataDir, "modeldesk.sqlite"));
  try {
    const row = db.prepare("SELECT profile_id FROM balance_samples LIMIT 1").get();
    const profileId = row?.["profile_id"];
    if (typeof profileId !== "string") throw new Error("the app has taken no reading yet");
    const insert = db.prepare(
      "INSERT INTO balance_samples (profile_id, sampled_at, balance, daily_used, monthly_used) VALUES (?, ?, ?, ?, ?)",
    );
    const spendStart = now - 2 * HOUR;
    for (let at = now - 7 * DAY; at < now - 2 * MINUTE; at += at < spendStart ? 2 * HOUR : 5 * MINUTE) {
      const used = at < spendStart ? 0 : (spent * (at - spendStart)) / (2 * HOUR);
      insert.run(profileId, at, balanceNow + spent - used, at < now - 12 * HOUR ? 0 : used, used);
    }
  } finally {
    db.close();
  }
}

test("with a week of readings, Budget says when the budgets and the balance run out and draws the rate dashed", async ({
  launchApp,
}, testInfo) => {
  const { page, dataDir } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  await page.getByRole("button", { name: "Budget", exact: true }).click();
  await expect(page.getByTestId("key-name")).toHaveText("Busy key");
  const now = await balanceOf(gateway, KEY);
  expect(now.api_key.daily_used).toBeCloseTo(1.5);
  seedWeek(dataDir, 1.5, now.balance, Date.now());
  await page.getByRole("button", { name: "Refresh", exact: true }).click();

  // 1.50 over the last two hours is 0.75 an hour: the 0.50 left today lasts about 40 minutes, unless
  // the day resets first (the test may run in the last 40 minutes before the reset).
  const runsOutAt = Date.now() + (0.5 / 0.75) * HOUR;
  const resetAt = Date.parse(now.api_key.daily_reset_at ?? "");
  // In the first half hour of a day its readings are too short to forecast from.
  const dayJustBegan = Date.now() - (resetAt - DAY) < 35 * MINUTE;
  await expect(page.getByTestId("projection-day")).toHaveText(
    dayJustBegan
      ? /^(Too early to forecast|At this rate today's budget)/
      : runsOutAt < resetAt - 5 * MINUTE
        ? /^At this rate today's budget runs out (at|between) \d\d?:\d\d/
        : runsOutAt > resetAt + 5 * MINUTE
          ? /^At this rate today's budget lasts until the reset/
          : /^At this rate today's budget (runs out (at|between) \d\d?:\d\d|lasts until the reset)/,
  );
  await expect(page.getByTestId("projection-month")).toHaveText(/^At this rate the monthly budget lasts until/);
  // At the last 30 minutes' 0.75 an hour, 1.50 lasts about 2 hours; at 1.50 a week, about a week.
  await expect(page.getByTestId("projection-balance")).toHaveText(
    /^At this rate the balance lasts about [23] hours to [67] days\.$/,
  );
  if (!dayJustBegan)
    await expect(page.getByTestId("rate-day")).toHaveText(
      /^Spending ¥0\.\d+( – ¥0\.\d+)? an hour, net of refunds \(the last 30 minutes and the last 3 hours\)\.$/,
    );
  await expect(page.getByRole("region", { name: "Daily budget" }).getByRole("figure")).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 1300 });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-budget-projection-${scheme}.png`),
    });
  }
});

test("a reply shows what it cost and the conversation its total", async ({ launchApp }, testInfo) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  // A reply is measured between two balance readings: the first is the one the status bar shows at start.
  await expect(page.getByText(/^Today: ¥[\d.]+ left$/)).toBeVisible();
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("button", { name: "New chat" }).first().click();
  await page.getByRole("textbox", { name: "Message" }).fill("What does a reply cost?");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  const reply = page.getByRole("article", { name: "Assistant" }).last();
  await expect(reply.getByTestId("finish")).toHaveText("Finished");
  // The cost is known once the balance has been read after the reply.
  await expect(async () => {
    await page.getByRole("button", { name: "Budget", exact: true }).click();
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await expect(reply.getByTestId("reply-cost")).toHaveText(/^cost ≈? ?¥0\.\d+$/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("conversation-cost")).toHaveText(/^Total ≈? ?¥0\.\d+$/);
  // The conversation list carries each conversation's total under its title.
  const total = (await page.getByTestId("conversation-cost").textContent())?.replace(/^Total /, "");
  await expect(
    page.getByRole("complementary", { name: "Conversations" }).getByTestId("conversation-list-cost"),
  ).toHaveText(total ?? "");
  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-chat-costs.png`) });
});
