import { readFileSync } from "node:fs";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-shared-0001";
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Team", topupBalance: 100 }],
    keys: [{ key: KEY, tenant: "t", id: "k1", name: "Team key", dailyBudget: 10 }],
  });
});
test.afterAll(() => gateway.close());

/** A teammate's script on the same key buys an image: the app never sees the call. */
async function boughtElsewhere(): Promise<void> {
  const response = await fetch(`${gateway.url}/v1/images/generations`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "image-fast", prompt: "bought elsewhere", size: "64x64" }),
  });
  expect(response.status).toBe(200);
}

test("spend another client makes on the key is named as such on the Budget pane, in Spend by model, Requests and the CSV", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ profile: { url: gateway.url, key: KEY } });
  await page.getByRole("button", { name: "Budget", exact: true }).click();
  await expect(page.getByTestId("key-name")).toHaveText("Team key");
  await expect(page.getByTestId("other-spend")).toHaveCount(0);

  await boughtElsewhere();
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(page.getByTestId("other-spend")).toHaveText(
    /^Other spend on this key: ¥0\.10, made outside this app This month: ¥0\.10$/,
  );
  await expect(page.getByRole("region", { name: "Spend by model" })).toContainText("Other spend on this key");
  const requests = page.getByRole("table", { name: "Requests" });
  const row = requests.getByRole("row").filter({ hasText: "Other spend on this key" });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("request-cost")).toHaveText("¥0.10");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path()) ?? "", "utf8");
  const line = csv.split("\r\n").find((candidate) => candidate.includes(",other,"));
  expect(line).toMatch(/,0\.1,measured,.*"Other spend on this key, made outside this app"$/);
});
