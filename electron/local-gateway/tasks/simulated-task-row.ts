import { z } from "zod";
import type { TaskStatus } from "../../../shared/gateway-api/tasks.ts";

type TaskKind = "image" | "video";

export interface ImageTaskParams {
  readonly prompt: string;
  readonly width: number;
  readonly height: number;
  readonly n: number;
  readonly seed?: number | undefined;
}

export interface VideoTaskParams {
  readonly prompt: string;
  readonly size: string;
  readonly duration: number;
  /** File (under the data directory) holding the reference image of an image-to-video request. */
  readonly referenceFile?: string | undefined;
}

export interface TaskResult {
  readonly created: number;
  readonly urls: readonly string[];
  readonly revisedPrompt: string;
  readonly inputTokens: number;
}

/** A task as stored; times are epoch milliseconds. */
export interface SimulatedTaskRow {
  readonly id: string;
  readonly key_id: string;
  readonly kind: TaskKind;
  readonly model: string;
  readonly params: string;
  readonly status: TaskStatus;
  readonly progress: number;
  readonly fault: string | null;
  readonly request_id: string;
  readonly created_at: number;
  readonly updated_at: number;
  readonly start_at: number;
  readonly finish_at: number;
  readonly completed_at: number | null;
  readonly failed_at: number | null;
  readonly cancelled_at: number | null;
  readonly expired_at: number | null;
  readonly error_code: string | null;
  readonly error_message: string | null;
  readonly result: string | null;
}

const ImageTaskParamsSchema: z.ZodType<ImageTaskParams> = z.object({
  prompt: z.string(),
  width: z.number(),
  height: z.number(),
  n: z.number(),
  seed: z.number().optional(),
});

const VideoTaskParamsSchema: z.ZodType<VideoTaskParams> = z.object({
  prompt: z.string(),
  size: z.string(),
  duration: z.number(),
  referenceFile: z.string().optional(),
});

const TaskResultSchema: z.ZodType<TaskResult> = z.object({
  created: z.number(),
  urls: z.array(z.string()),
  revisedPrompt: z.string(),
  inputTokens: z.number(),
});

export const storedImageParamsOf = (row: SimulatedTaskRow): ImageTaskParams =>
  ImageTaskParamsSchema.parse(JSON.parse(row.params));

export const storedVideoParamsOf = (row: SimulatedTaskRow): VideoTaskParams =>
  VideoTaskParamsSchema.parse(JSON.parse(row.params));

/** What a completed task delivered; the UPDATE that completes a task writes it. */
export function resultOf(row: SimulatedTaskRow): TaskResult {
  if (row.result === null) throw new Error(`Task ${row.id} has no result.`);
  return TaskResultSchema.parse(JSON.parse(row.result));
}
