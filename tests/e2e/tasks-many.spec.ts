import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUILT_IN_PROFILE_ID } from "../../electron/services/vault/profile-vault.ts";
import { seedTasks } from "../support/seeded-tasks.ts";
import { expect, test } from "./support/app-fixture.ts";

const TASKS = 300;

/** A data directory holding TASKS finished image tasks, a minute apart: "old task 0" the newest. */
function dataDirWithManyTasks(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "modeldesk-e2e-"));
  const now = Date.now();
  seedTasks(
    dataDir,
    Array.from({ length: TASKS }, (_, index) => {
      const at = now - index * 60_000;
      return {
        id: `old-${index}`,
        profile_id: BUILT_IN_PROFILE_ID,
        prompt: `old task ${index}`,
        status: "failed" as const,
        error_code: "GATEWAY_ERROR",
        error_message: "The gateway failed it",
        remote_id: `task_old_${index}`,
        created_at: at,
        submitted_at: at,
        updated_at: at,
        finished_at: at + 30_000,
      };
    }),
  );
  return dataDir;
}

test("the last of 300 tasks is reached by scrolling and can be acted on", async ({ launchApp }) => {
  const { page } = await launchApp({ dataDir: dataDirWithManyTasks() });
  await page.getByRole("button", { name: "Tasks", exact: true }).click();
  const table = page.getByRole("table");
  await expect(table).toHaveAttribute("aria-rowcount", String(TASKS + 1));
  await expect(page.getByRole("row", { name: "old task 0", exact: true })).toBeVisible();
  // Only the rows near the view are drawn.
  expect(await table.getByRole("row").count()).toBeLessThan(TASKS / 3);

  const last = page.getByRole("row", { name: `old task ${TASKS - 1}`, exact: true });
  await page.getByRole("row", { name: "old task 0", exact: true }).hover();
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(last).toBeInViewport({ timeout: 500 });
  }).toPass();
  await expect(last).toHaveAttribute("aria-rowindex", String(TASKS + 1));
  await expect(last).toContainText("Failed");

  await last.getByRole("button", { name: "Retry" }).click();
  const ask = page.getByRole("dialog", { name: "Submit again?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep as is" }).click();
  await expect(ask).toBeHidden();
  await expect(last).toBeInViewport();
});
