import { z } from "zod";
import { positiveInteger, rangedNumber } from "./ranges.ts";

const ChatRoleSchema = z.enum(["system", "user", "assistant"]);

const TextPartSchema = z.object({ type: z.literal("text"), text: z.string() });

/** An image in the OpenAI ecosystem's form: a `data:` URL (or a link, which a server may refuse). */
const ImageUrlPartSchema = z.object({
  type: z.literal("image_url"),
  image_url: z.object({ url: z.string(), detail: z.enum(["auto", "low", "high"]).optional() }),
});

const ContentSchema = z.union([
  z.string(),
  z.array(z.discriminatedUnion("type", [TextPartSchema, ImageUrlPartSchema])),
]);

export const ChatMessageSchema = z.object({ role: ChatRoleSchema, content: ContentSchema });

/** A call the model made: its arguments are a JSON object written as a string. */
const ToolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
export type ChatToolCall = z.infer<typeof ToolCallSchema>;

/**
 * A message of a conversation that may use tools: an assistant's calls (`tool_calls`, its content
 * then often null) and each call's result (`role: "tool"` with the call's `tool_call_id`).
 */
const ChatCompletionMessageSchema = z.object({
  role: z.enum([...ChatRoleSchema.options, "tool"]),
  content: ContentSchema.nullish(),
  name: z.string().optional(),
  tool_calls: z.array(ToolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});

/** A tool offered to the model; `parameters` is the JSON Schema of its arguments. */
const ChatToolSchema = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});
export type ChatTool = z.infer<typeof ChatToolSchema>;

const ChatToolChoiceSchema = z.union([
  z.enum(["auto", "none", "required"]),
  z.object({ type: z.literal("function"), function: z.object({ name: z.string() }) }),
]);
export type ChatToolChoice = z.infer<typeof ChatToolChoiceSchema>;

export const ChatCompletionRequestSchema = z.object({
  model: z.string({ error: "model is required" }).min(1, "model is required"),
  messages: z
    .array(ChatCompletionMessageSchema, { error: "messages must be an array" })
    .min(1, "messages must not be empty"),
  temperature: rangedNumber("temperature", 0, 2).optional(),
  top_p: rangedNumber("top_p", 0, 1).optional(),
  max_tokens: positiveInteger("max_tokens").optional(),
  stream: z.boolean({ error: "stream must be a boolean" }).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(4, "stop accepts at most 4 sequences")]).nullish(),
  tools: z.array(ChatToolSchema, { error: "tools must be an array" }).optional(),
  tool_choice: ChatToolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean({ error: "parallel_tool_calls must be a boolean" }).optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

const FinishReasonSchema = z.enum(["stop", "length", "tool_calls"]);

const ChatUsageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});

const completionWith = <Message extends z.ZodType, Reason extends z.ZodType>(message: Message, finishReason: Reason) =>
  z.object({
    id: z.string(),
    object: z.literal("chat.completion"),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(z.object({ index: z.number().int(), message, finish_reason: finishReason })),
    usage: ChatUsageSchema,
  });

/** A completion that answers in text, as a search completion always does. */
export const TextCompletionSchema = completionWith(
  z.object({ role: z.literal("assistant"), content: z.string() }),
  FinishReasonSchema.exclude(["tool_calls"]),
);

/** A chat completion: text, or (content null) the calls the model makes. */
export const ChatCompletionSchema = completionWith(
  z.object({
    role: z.literal("assistant"),
    content: z.string().nullable(),
    tool_calls: z.array(ToolCallSchema).optional(),
  }),
  FinishReasonSchema,
);
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;

/** A piece of a streamed call: the first names it, the next ones carry pieces of its arguments. */
const ToolCallDeltaSchema = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  type: z.literal("function").optional(),
  function: z.object({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});

export const ChatCompletionChunkSchema = z.object({
  id: z.string(),
  object: z.literal("chat.completion.chunk"),
  created: z.number().int().optional(),
  model: z.string().optional(),
  choices: z.array(
    z.object({
      index: z.number().int().optional(),
      delta: z.object({
        role: z.literal("assistant").optional(),
        content: z.string().nullish(),
        tool_calls: z.array(ToolCallDeltaSchema).optional(),
      }),
      finish_reason: FinishReasonSchema.nullable(),
    }),
  ),
  usage: ChatUsageSchema.nullish(),
});
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunkSchema>;
