import { z } from "zod";
import { PromptSchema } from "./images.ts";
import { ResultUrlSchema } from "./result-url.ts";
import { TaskStatusSchema } from "./tasks.ts";

export const VIDEO_SIZES = ["1280x720", "720x1280", "1920x1080"] as const;
export const VIDEO_DURATIONS = [5, 8] as const;

export const VideoGenerationRequestSchema = z.object({
  model: z.string({ error: "model is required" }).min(1, "model is required"),
  prompt: PromptSchema,
  size: z.enum(VIDEO_SIZES, { error: `size must be one of ${VIDEO_SIZES.join(", ")}` }).optional(),
  duration: z
    .number({ error: "duration must be 5 or 8" })
    .refine((value) => VIDEO_DURATIONS.some((duration) => duration === value), "duration must be 5 or 8")
    .optional(),
  image: z
    .string({ error: "image must be an image URL" })
    .refine((value) => /^(https?:|data:)/i.test(value), "image must be an http(s) or data: URL")
    .optional(),
});
export type VideoGenerationRequest = z.infer<typeof VideoGenerationRequestSchema>;

export const VideoTaskSchema = z.object({
  task_id: z.string(),
  status: TaskStatusSchema,
  progress: z.number().int().min(0).max(100),
  created_at: z.string().optional(),
  metadata: z.object({ url: ResultUrlSchema, duration: z.number().int(), size: z.string() }).optional(),
  completed_at: z.string().optional(),
  error_code: z.string().optional(),
  error_message: z.string().optional(),
});
export type VideoTask = z.infer<typeof VideoTaskSchema>;
