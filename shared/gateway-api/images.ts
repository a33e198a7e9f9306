import { z } from "zod";
import { ResultUrlSchema } from "./result-url.ts";

const IMAGE_SIDE_MIN = 64;
const IMAGE_SIDE_MAX = 2048;
export const IMAGE_COUNT_MAX = 4;
export const PROMPT_MAX_LENGTH = 4000;

export const ImageSizeSchema = z
  .string({ error: "size must be a string like 1024x1024" })
  .regex(/^\d+x\d+$/, "size must have the form <width>x<height>, e.g. 1024x1024")
  .refine((size) => size.split("x").every((side) => Number(side) >= IMAGE_SIDE_MIN && Number(side) <= IMAGE_SIDE_MAX), {
    message: `size: width and height must each be between ${IMAGE_SIDE_MIN} and ${IMAGE_SIDE_MAX}`,
  });

export const PromptSchema = z
  .string({ error: "prompt is required" })
  .trim()
  .min(1, "prompt is required")
  .max(PROMPT_MAX_LENGTH, `prompt must be at most ${PROMPT_MAX_LENGTH} characters`);

export const ImageGenerationRequestSchema = z.object({
  model: z.string({ error: "model is required" }).min(1, "model is required"),
  prompt: PromptSchema,
  n: z
    .number({ error: "n must be an integer" })
    .int("n must be an integer")
    .min(1, `n must be between 1 and ${IMAGE_COUNT_MAX}`)
    .max(IMAGE_COUNT_MAX, `n must be between 1 and ${IMAGE_COUNT_MAX}`)
    .optional(),
  size: ImageSizeSchema.optional(),
  response_format: z.enum(["url", "b64_json"], { error: "response_format must be url or b64_json" }).optional(),
  async: z.boolean({ error: "async must be a boolean" }).optional(),
  seed: z.number().int("seed must be an integer").optional(),
});
export type ImageGenerationRequest = z.infer<typeof ImageGenerationRequestSchema>;

/** `b64_json` is the ecosystem's name for the inline data field, which the spec leaves unnamed. */
export const ImageResultSchema = z.object({
  created: z.number().int(),
  data: z.array(
    z.object({
      url: ResultUrlSchema.optional(),
      b64_json: z.string().optional(),
      revised_prompt: z.string().optional(),
    }),
  ),
});
export type ImageResult = z.infer<typeof ImageResultSchema>;
