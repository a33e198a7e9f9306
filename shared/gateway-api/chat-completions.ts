import { z } from "zod";
import { positiveInteger, rangedNumber } from "./ranges.ts";

const ChatRoleSchema = z.enum(["system", "user", "assistant"]);

const TextPartSchema = z.object({ type: z.literal("text"), text: z.string() });

/** An image in the OpenAI ecosystem's form: a `data:` URL (or a link, which a server may refuse). */
const ImageUrlPartSchema = z.object({
  type: z.literal("image_url"),
  image_url: z.object({ url: z.string(), detail: z.enum(["auto", "low", "high"]).optional() }),
});

export const ChatMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.union([z.string(), z.array(z.discriminatedUnion("type", [TextPartSchema, ImageUrlPartSchema]))]),
});

export const ChatCompletionRequestSchema = z.object({
  model: z.string({ error: "model is required" }).min(1, "model is required"),
  messages: z.array(ChatMessageSchema, { error: "messages must be an array" }).min(1, "messages must not be empty"),
  temperature: rangedNumber("temperature", 0, 2).optional(),
  top_p: rangedNumber("top_p", 0, 1).optional(),
  max_tokens: positiveInteger("max_tokens").optional(),
  stream: z.boolean({ error: "stream must be a boolean" }).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(4, "stop accepts at most 4 sequences")]).nullish(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

const FinishReasonSchema = z.enum(["stop", "length"]);

const ChatUsageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});

export const ChatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal("chat.completion"),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal("assistant"), content: z.string() }),
      finish_reason: FinishReasonSchema,
    }),
  ),
  usage: ChatUsageSchema,
});
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;

export const ChatCompletionChunkSchema = z.object({
  id: z.string(),
  object: z.literal("chat.completion.chunk"),
  created: z.number().int().optional(),
  model: z.string().optional(),
  choices: z.array(
    z.object({
      index: z.number().int().optional(),
      delta: z.object({ role: z.literal("assistant").optional(), content: z.string().optional() }),
      finish_reason: FinishReasonSchema.nullable(),
    }),
  ),
  usage: ChatUsageSchema.nullish(),
});
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunkSchema>;
