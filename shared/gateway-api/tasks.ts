import { z } from "zod";
import { ResultUrlSchema } from "./result-url.ts";

export const TaskStatusSchema = z.enum(["queued", "processing", "completed", "failed", "cancelled", "expired"]);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** The Async task object returned when a submission is accepted. */
export const AsyncTaskSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "processing"]),
  progress: z.number().int().min(0).max(100),
  created_at: z.string(),
  request_id: z.string(),
});
export type AsyncTask = z.infer<typeof AsyncTaskSchema>;

const TaskResultSchema = z.object({
  created: z.number().int(),
  data: z.array(z.object({ url: ResultUrlSchema, revised_prompt: z.string() })),
});

/** The Task record; which optional fields are present depends on the status. */
export const TaskRecordSchema = z.object({
  id: z.string(),
  status: TaskStatusSchema,
  progress: z.number().int().min(0).max(100).optional(),
  model_code: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  result: TaskResultSchema.optional(),
  usage: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() }).optional(),
  completed_at: z.string().optional(),
  error_code: z.string().optional(),
  error_message: z.string().optional(),
  failed_at: z.string().optional(),
  cancelled_at: z.string().optional(),
  expired_at: z.string().optional(),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;
