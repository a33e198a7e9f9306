import { z } from "zod";
import { ImageResultSchema } from "../../../shared/gateway-api/images.ts";
import { ResultUrlSchema } from "../../../shared/gateway-api/result-url.ts";
import type { TaskStatus } from "../../../shared/gateway-api/tasks.ts";
import { serverErrorOf } from "./error-body.ts";

/**
 * Task answers read the way lenient-schemas.ts reads chat: what the app needs (an id, a status, a
 * result's address) is required; timestamps, progress, request ids and revised prompts may be
 * missing or null. A submission the gateway accepted must never be lost to a field the app does
 * not use: it is paid for.
 */

/** Other names servers give the same states (OpenAI's video API says `in_progress`). */
const STATUS_NAMES: Readonly<Record<string, TaskStatus>> = {
  queued: "queued",
  pending: "queued",
  submitted: "queued",
  processing: "processing",
  in_progress: "processing",
  running: "processing",
  completed: "completed",
  succeeded: "completed",
  success: "completed",
  failed: "failed",
  error: "failed",
  cancelled: "cancelled",
  canceled: "cancelled",
  expired: "expired",
};
/** A state the app does not know is taken as still running: it is polled until it ends or the wait runs out. */
const Status = z.string().transform((name): TaskStatus => STATUS_NAMES[name.toLowerCase()] ?? "processing");
const Text = z
  .string()
  .nullish()
  .transform((text) => text ?? undefined);
const Progress = z
  .number()
  .min(0)
  .max(100)
  .nullish()
  .catch(null)
  .transform((progress) => (progress === null || progress === undefined ? undefined : Math.floor(progress)));
/**
 * The spec's `error_code` and `error_message`, or where a server sends OpenAI's `error: {code, message}`
 * instead, what that says (read as any error body is, error-body.ts).
 */
const failureOf = (task: { error_code: string | undefined; error_message: string | undefined }) => {
  const server = serverErrorOf(task);
  return {
    error_code: task.error_code ?? server?.code ?? undefined,
    error_message: task.error_message ?? server?.message ?? undefined,
  };
};

const TaskFields = {
  status: Status,
  progress: Progress,
  created_at: Text,
  completed_at: Text,
  error_code: Text,
  error_message: Text,
};

/** The answer to an accepted async submission. */
const LenientAsyncTaskSchema = z.looseObject({
  id: z.string().min(1),
  status: Status,
  progress: Progress,
  created_at: Text,
  request_id: Text,
});
export type LenientAsyncTask = z.infer<typeof LenientAsyncTaskSchema>;

/** An image submission's answer: the pictures themselves, or a task to follow. */
export const LenientImageAnswerSchema = z.union([LenientAsyncTaskSchema, ImageResultSchema]);

export const LenientTaskRecordSchema = z
  .looseObject({
    ...TaskFields,
    id: Text,
    result: z
      .looseObject({
        data: z.array(z.looseObject({ url: ResultUrlSchema.nullish(), b64_json: Text, revised_prompt: Text })),
      })
      .nullish(),
  })
  .transform((task) => ({
    ...task,
    ...failureOf(task),
    images: (task.result?.data ?? []).map((item) => ({ url: item.url ?? undefined, b64_json: item.b64_json })),
  }));
export type LenientTaskRecord = z.infer<typeof LenientTaskRecordSchema>;

/** A video task; OpenAI-style servers call its id `id`. */
export const LenientVideoTaskSchema = z
  .looseObject({
    ...TaskFields,
    task_id: Text,
    id: Text,
    metadata: z.looseObject({ url: ResultUrlSchema, duration: z.number().nullish().catch(null), size: Text }).nullish(),
  })
  .transform((task, context) => {
    const taskId = task.task_id ?? task.id;
    if (taskId === undefined) {
      context.addIssue({ code: "custom", message: "the video task has no task_id", input: task });
      return z.NEVER;
    }
    const { metadata } = task;
    return {
      ...task,
      ...failureOf(task),
      task_id: taskId,
      metadata: metadata
        ? { url: metadata.url, duration: metadata.duration ?? null, size: metadata.size ?? null }
        : undefined,
    };
  });
export type LenientVideoTask = z.infer<typeof LenientVideoTaskSchema>;
