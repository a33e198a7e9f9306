import type { TaskRecord } from "../../../shared/gateway-api/tasks.ts";
import type { VideoTask } from "../../../shared/gateway-api/video.ts";
import { resultOf, storedVideoParamsOf, type SimulatedTaskRow } from "./simulated-task-row.ts";

const iso = (epochMs: number) => new Date(epochMs).toISOString();
/** When a task reached its terminal status; rows store it in the status's own column, written with updated_at. */
const endedAt = (row: SimulatedTaskRow, column: number | null) => iso(column ?? row.updated_at);

/** The Task record of `GET /v1/tasks/{id}`, shaped by status as the spec's table says. */
export function taskRecordOf(row: SimulatedTaskRow, origin: string): TaskRecord {
  const base = { id: row.id, status: row.status, created_at: iso(row.created_at) };
  switch (row.status) {
    case "queued":
    case "processing":
      return { ...base, progress: row.progress, model_code: row.model, updated_at: iso(row.updated_at) };
    case "completed": {
      const result = resultOf(row);
      return {
        ...base,
        progress: 100,
        model_code: row.model,
        result: {
          created: result.created,
          data: result.urls.map((url) => ({ url: origin + url, revised_prompt: result.revisedPrompt })),
        },
        usage: { input_tokens: result.inputTokens, output_tokens: 0 },
        completed_at: endedAt(row, row.completed_at),
      };
    }
    case "failed":
      return {
        ...base,
        error_code: row.error_code ?? "upstream_error",
        error_message: row.error_message ?? "The upstream provider returned an error.",
        failed_at: endedAt(row, row.failed_at),
      };
    case "cancelled":
      return { ...base, model_code: row.model, cancelled_at: endedAt(row, row.cancelled_at) };
    case "expired":
      return { ...base, model_code: row.model, expired_at: endedAt(row, row.expired_at) };
  }
}

/** The Video task of the video endpoints (`task_id` form). */
export function videoTaskOf(row: SimulatedTaskRow, origin: string): VideoTask {
  const params = storedVideoParamsOf(row);
  const view: VideoTask = {
    task_id: row.id,
    status: row.status,
    progress: row.status === "completed" ? 100 : row.progress,
    created_at: iso(row.created_at),
  };
  if (row.status === "completed") {
    // A video task delivers one file.
    const [url] = resultOf(row).urls;
    if (url === undefined) throw new Error(`Task ${row.id} has no result file.`);
    return {
      ...view,
      metadata: { url: origin + url, duration: params.duration, size: params.size },
      completed_at: endedAt(row, row.completed_at),
    };
  }
  if (row.status === "failed") {
    return { ...view, error_code: row.error_code ?? "upstream_error", error_message: row.error_message ?? "" };
  }
  return view;
}
