import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { expect, test } from "./support/app-fixture.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-export-0001";
/** Enough calls for the export to take a while in parts of 500. */
const CALLS = 50_000;
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 100 }],
    keys: [{ key: KEY, tenant: "t", id: "k1", name: "Export key", dailyBudget: 50, monthlyBudget: 500 }],
  });
});
test.afterAll(() => gateway.close());

/** `CALLS` chats over the last day for the profile the app's balance readings are logged under. */
function seedCalls(dataDir: string, now: number): void {
  const db = openAppDatabase(join(dataDir, "modeldesk.sqlite"));
  try {
    const profileId = db.prepare("SELECT profile_id FROM request_log LIMIT 1").get()?.["profile_id"];
    if (typeof profileId !== "string") throw new Error("the app has logged no call yet");
    const insert = db.prepare(
      `INSERT INTO request_log (profile_id, started_at, method, path, status, duration_ms, kind, model, chargeable,
         cost, cost_low, cost_high, cost_kind) VALUES (?, ?, 'POST', '/v1/chat/completions', 200, 900, 'chat',
         'chat-fast', 1, 0.002, 0.002, 0.002, 'measured')`,
    );
    db.exec("BEGIN");
    for (let index = 0; index < CALLS; index++) insert.run(profileId, now - 60_000 - index * 1500);
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

test("a long CSV export shows its progress, can be cancelled, and saves every row once it ends", async ({
  launchApp,
}) => {
  const { page, dataDir } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  await page.getByRole("button", { name: "Budget", exact: true }).click();
  await expect(page.getByTestId("key-name")).toHaveText("Export key");
  seedCalls(dataDir, Date.now());
  let downloads = 0;
  page.on("download", () => downloads++);

  const exportButton = page.getByRole("button", { name: "Export CSV" });
  const progress = page.getByRole("progressbar", { name: "Export progress" });
  await exportButton.click();
  await expect(progress).toBeVisible();
  await expect(exportButton).toBeDisabled();
  await page.getByRole("button", { name: "Cancel export" }).click();
  await expect(progress).toBeHidden();
  await expect(exportButton).toBeEnabled();

  const download = page.waitForEvent("download");
  await exportButton.click();
  await expect(progress).toHaveAttribute("aria-valuetext", /^[\d,]+ of 50,000 rows$/);
  const csv = readFileSync((await (await download).path()) ?? "", "utf8");
  await expect(progress).toBeHidden();
  // The header and every seeded call; the app's own balance readings are background calls, left out.
  expect(csv.trim().split("\r\n")).toHaveLength(CALLS + 1);
  expect(downloads).toBe(1);
});
