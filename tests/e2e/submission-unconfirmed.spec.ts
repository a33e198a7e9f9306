import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUILT_IN_PROFILE_ID } from "../../electron/services/vault/profile-vault.ts";
import { seedTasks } from "../support/seeded-tasks.ts";
import { expect, test } from "./support/app-fixture.ts";

const PROMPT = "a lighthouse in fog, sent as the app died";

/** A data directory whose database holds an image task the app was submitting when it died. */
function dataDirWithCutSubmission(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "modeldesk-e2e-"));
  seedTasks(dataDir, [
    {
      id: "cut-submission",
      profile_id: BUILT_IN_PROFILE_ID,
      prompt: PROMPT,
      params: JSON.stringify({
        model: "image-pro",
        prompt: PROMPT,
        n: 1,
        size: "64x64",
        responseFormat: "url",
        async: true,
      }),
    },
  ]);
  return dataDir;
}

test("a submission cut by the app's death is explained in Tasks, and Retry asks before paying again", async ({
  launchApp,
}) => {
  const { page } = await launchApp({ dataDir: dataDirWithCutSubmission() });
  await page.getByRole("button", { name: "Tasks", exact: true }).click();
  const rows = page.getByRole("row", { name: PROMPT });
  await expect(rows).toHaveCount(1);
  const cut = rows.first();
  await expect(cut).toContainText("Failed");
  await expect(cut).toContainText("SUBMISSION_UNCONFIRMED");
  await expect(cut.getByRole("note", { name: "Not confirmed — maybe charged" })).toContainText(
    "cannot know whether the gateway received it and charged for it",
  );
  await expect(cut.getByRole("note")).toContainText("Check the gateway's console");

  await cut.getByRole("button", { name: "Retry" }).click();
  const ask = page.getByRole("dialog", { name: "Submit again?" });
  await expect(ask).toContainText("may already have this task and have charged for it");
  await expect(ask.getByRole("button", { name: "Keep as is" })).toBeFocused();
  await ask.getByRole("button", { name: "Keep as is" }).click();
  await expect(ask).toBeHidden();
  await expect(rows).toHaveCount(1);

  await cut.getByRole("button", { name: "Retry" }).click();
  await ask.getByRole("button", { name: "Submit again" }).click();
  await expect(rows).toHaveCount(2);
});
