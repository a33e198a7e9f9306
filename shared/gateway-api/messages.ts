import { z } from "zod";
import { positiveInteger, rangedNumber } from "./ranges.ts";

const TextBlockSchema = z.object({ type: z.literal("text"), text: z.string() });

/** An image content block of the messages format, its bytes in base64. */
const ImageBlockSchema = z.object({
  type: z.literal("image"),
  source: z.object({ type: z.literal("base64"), media_type: z.string(), data: z.string() }),
});

export const MessagesRequestSchema = z.object({
  model: z.string({ error: "model is required" }).min(1, "model is required"),
  messages: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"]),
        content: z.union([z.string(), z.array(z.discriminatedUnion("type", [TextBlockSchema, ImageBlockSchema]))]),
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
});
export type MessagesRequest = z.infer<typeof MessagesRequestSchema>;

/** `end_turn` and `max_tokens` are the spec's; `stop_sequence` follows the messages-format ecosystem. */
const StopReasonSchema = z.enum(["end_turn", "max_tokens", "stop_sequence"]);
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
  content: z.array(TextBlockSchema),
  usage: MessagesUsageSchema,
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message_start"), message: MessageSchema }),
  z.object({ type: z.literal("content_block_start"), index: z.number().int(), content_block: TextBlockSchema }),
  z.object({
    type: z.literal("content_block_delta"),
    index: z.number().int(),
    delta: z.object({ type: z.literal("text_delta"), text: z.string() }),
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
