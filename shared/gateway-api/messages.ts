import { z } from "zod";
import { positiveInteger, rangedNumber } from "./ranges.ts";

const TextBlockSchema = z.object({ type: z.literal("text"), text: z.string() });

/** An image content block of the messages format, its bytes in base64. */
const ImageBlockSchema = z.object({
  type: z.literal("image"),
  source: z.object({ type: z.literal("base64"), media_type: z.string(), data: z.string() }),
});

/** A call the model made, its arguments as a JSON object. */
const ToolUseBlockSchema = z.object({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
});
export type ToolUseBlock = z.infer<typeof ToolUseBlockSchema>;

/** What a call returned, sent back in a user turn; `is_error` when the tool failed. */
const ToolResultBlockSchema = z.object({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(TextBlockSchema)]).optional(),
  is_error: z.boolean().optional(),
});

/** A tool offered to the model; `input_schema` is the JSON Schema of its input. */
const ToolSchema = z.object({
  type: z.literal("custom").optional(),
  name: z.string(),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()),
});
export type MessagesTool = z.infer<typeof ToolSchema>;

const ToolChoiceSchema = z.object({
  type: z.enum(["auto", "any", "tool", "none"]),
  name: z.string().optional(),
  disable_parallel_tool_use: z.boolean().optional(),
});
export type MessagesToolChoice = z.infer<typeof ToolChoiceSchema>;

export const MessagesRequestSchema = z.object({
  model: z.string({ error: "model is required" }).min(1, "model is required"),
  messages: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"]),
        content: z.union([
          z.string(),
          z.array(
            z.discriminatedUnion("type", [
              TextBlockSchema,
              ImageBlockSchema,
              ToolUseBlockSchema,
              ToolResultBlockSchema,
            ]),
          ),
        ]),
      }),
      { error: "messages must be an array" },
    )
    .min(1, "messages must not be empty"),
  system: z.union([z.string(), z.array(TextBlockSchema)]).optional(),
  max_tokens: positiveInteger("max_tokens").optional(),
  temperature: rangedNumber("temperature", 0, 1).optional(),
  top_p: rangedNumber("top_p", 0, 1).optional(),
  stream: z.boolean({ error: "stream must be a boolean" }).optional(),
  // The spec sets no count limit; the request body's size limit bounds the list.
  stop_sequences: z.array(z.string().min(1, "stop_sequences must not contain empty strings")).optional(),
  tools: z.array(ToolSchema, { error: "tools must be an array" }).optional(),
  tool_choice: ToolChoiceSchema.optional(),
});
export type MessagesRequest = z.infer<typeof MessagesRequestSchema>;

/** `end_turn` and `max_tokens` are the spec's; `stop_sequence` and `tool_use` follow the messages-format ecosystem. */
const StopReasonSchema = z.enum(["end_turn", "max_tokens", "stop_sequence", "tool_use"]);
export type StopReason = z.infer<typeof StopReasonSchema>;

const MessagesUsageSchema = z.object({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
});

export const MessageSchema = z.object({
  id: z.string(),
  type: z.literal("message"),
  role: z.literal("assistant"),
  model: z.string(),
  stop_reason: StopReasonSchema.nullable(),
  stop_sequence: z.string().nullable(),
  content: z.array(z.discriminatedUnion("type", [TextBlockSchema, ToolUseBlockSchema])),
  usage: MessagesUsageSchema,
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message_start"), message: MessageSchema }),
  z.object({
    type: z.literal("content_block_start"),
    index: z.number().int(),
    content_block: z.discriminatedUnion("type", [TextBlockSchema, ToolUseBlockSchema]),
  }),
  z.object({
    type: z.literal("content_block_delta"),
    index: z.number().int(),
    delta: z.discriminatedUnion("type", [
      z.object({ type: z.literal("text_delta"), text: z.string() }),
      // Pieces of a tool_use block's input: joined, they are its JSON.
      z.object({ type: z.literal("input_json_delta"), partial_json: z.string() }),
    ]),
  }),
  z.object({ type: z.literal("content_block_stop"), index: z.number().int() }),
  z.object({
    type: z.literal("message_delta"),
    delta: z.object({ stop_reason: StopReasonSchema.nullable(), stop_sequence: z.string().nullable().optional() }),
    usage: z.object({ output_tokens: z.number().int() }),
  }),
  z.object({ type: z.literal("message_stop") }),
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("error"), error: z.object({ type: z.string(), message: z.string() }) }),
]);
