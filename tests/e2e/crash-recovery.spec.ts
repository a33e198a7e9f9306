import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { expect, test } from "./support/app-fixture.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-crash-0001";
let slow: RunningGateway;
let fast: RunningGateway;

/** The newest assistant reply as the app has written it to its database so far (null before any). */
function storedReply(dataDir: string): { content: string; status: string } | null {
  const db = new DatabaseSync(join(dataDir, DATA_FILES.database), { readOnly: true });
  try {
    const row = db
      .prepare(
        "SELECT content, status FROM messages WHERE role = 'assistant' ORDER BY created_at DESC, position DESC LIMIT 1",
      )
      .get() as { content: string; status: string } | undefined;
    return row ?? null;
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  const accounts = {
    tenants: [{ id: "t", name: "Tenant", topupBalance: 100, giftBalance: 0 }],
    keys: [{ key: KEY, tenant: "t", id: "k", name: "Crash key" }],
  };
  slow = await startGateway({ ...accounts, timeScale: 1, tokensPerSecond: 20, firstTokenDelayMs: 50 });
  fast = await startGateway({ ...accounts, timeScale: 0.02 });
});
test.afterAll(async () => {
  await slow.close();
  await fast.close();
});

test("kill -9 mid-reply: the page says so at once, and the restarted app keeps the partial reply with Retry", async ({
  launchApp,
}) => {
  const first = await launchApp({ profile: { url: slow.url, key: KEY } });
  const { page } = first;
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("button", { name: "New chat" }).first().click();
  await page.getByRole("textbox", { name: "Message" }).fill("Write something long");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  const reply = page.getByRole("article", { name: "Assistant" }).last();
  await expect(reply.locator(".markdown")).toContainText(/(\w+\W+){12}/);
  // The crash comes once more of the reply than its first words has reached the database, mid-reply.
  await expect
    .poll(() => storedReply(first.dataDir))
    .toMatchObject({ status: "streaming", content: expect.stringMatching(/^[\s\S]{21}/) });
  const seen = (await reply.locator(".markdown").textContent())!;

  // "At once": the page learns it from its socket closing, not from a timer of its own (a heartbeat
  // or a check every so often). Its timers stand still until it has said so.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await first.crash();
  await expect(page.getByRole("alert")).toHaveText("Disconnected — reconnecting…");
  await page.clock.resume();
  await expect(reply.getByRole("status")).toContainText("Interrupted");
  await expect(page.getByRole("img", { name: "Disconnected from the app host" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
  // An action the host cannot take says so in the pane where it was asked for.
  await page.getByRole("button", { name: "New chat" }).first().click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("HOST_DISCONNECTED");

  // The restarted app answers through a fast gateway, so Retry finishes quickly.
  const second = await launchApp({ profile: { url: fast.url, key: KEY }, dataDir: first.dataDir });
  const restarted = second.page;
  await restarted.getByRole("button", { name: "Chat", exact: true }).click();
  const kept = restarted.getByRole("article", { name: "Assistant" }).last();
  await expect(kept.getByRole("status")).toContainText("Interrupted");
  const keptText = (await kept.locator(".markdown").textContent())!;
  expect(keptText.length).toBeGreaterThan(20);
  expect(seen.startsWith(keptText.slice(0, 20))).toBe(true);
  await kept.getByRole("button", { name: "Retry" }).click();
  await expect(restarted.getByRole("article", { name: "Assistant" }).last().getByTestId("finish")).toHaveText(
    "Finished",
  );
  await expect(restarted.getByRole("article", { name: "Assistant" })).toHaveCount(1);
});
