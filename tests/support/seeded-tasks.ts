import { join } from "node:path";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { TaskTable, type TaskRow } from "../../electron/services/tasks/task-table.ts";

/**
 * Writes task rows into the app's database in `dataDir` before the app starts, as an earlier run
 * left them: by default an image task the app was submitting when it died.
 */
export function seedTasks(dataDir: string, rows: readonly (Partial<TaskRow> & { readonly id: string })[]): void {
  const db = openAppDatabase(join(dataDir, DATA_FILES.database));
  const tasks = new TaskTable(db);
  const now = Date.now();
  for (const row of rows) {
    tasks.insert({
      profile_id: "",
      kind: "image",
      model: "image-pro",
      prompt: `seeded task ${row.id}`,
      params: JSON.stringify({ model: "image-pro", prompt: "x", n: 1, size: "64x64", responseFormat: "url" }),
      status: "submitting",
      progress: 0,
      remote_id: null,
      request_id: null,
      wait_reason: null,
      error_code: null,
      error_message: null,
      created_at: now,
      submitted_at: now,
      updated_at: now,
      finished_at: null,
      next_poll_at: null,
      poll_interval_ms: null,
      wait_started_at: null,
      ...row,
    });
  }
  db.close();
}
