import { z } from "zod";

/**
 * Answers as the official `openai` and `@anthropic-ai/sdk` clients accept them: only what the app
 * needs is required, optional fields may be missing or null, unknown fields and event types are
 * ignored. The strict schemas in shared/gateway-api stay for the local gateway's own output.
 */

/** More tokens than any model reads or writes in one call: a larger count is a server's mistake. */
const MAX_PLAUSIBLE_TOKENS = 100_000_000;

/**
 * A token count: a whole, non-negative, plausible number; unknown (null) when the server sent none;
 * NaN when it sent something else, so the reply can say the server's count was impossible.
 */
const Count = z
  .number()
  .int()
  .min(0)
  .max(MAX_PLAUSIBLE_TOKENS)
  .nullish()
  .catch((context) => (context.value == null ? null : Number.NaN));
/** A content part or block: text, or (in the messages format) a tool call with its input. */
const ContentPart = z.looseObject({
  type: z.string().optional(),
  text: z.string().optional(),
  id: z.string().nullish(),
  name: z.string().nullish(),
  input: z.unknown().optional(),
});
/** A message's content: a string, null (no text), or text parts. */
const Content = z.union([z.string(), z.array(ContentPart)]).nullish();

const SearchResultsSchema = z
  .array(z.looseObject({ url: z.string(), title: z.string().nullish(), snippet: z.string().nullish() }))
  .nullish();

const Sources = { citations: z.array(z.string()).nullish(), search_results: SearchResultsSchema };

/** A tool call in Chat Completions: whole in an answer, in pieces (by `index`) in a stream. */
const ChatToolCall = z.looseObject({
  index: z.number().int().nullish(),
  id: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});
const ChatToolCalls = z.array(ChatToolCall).nullish().catch(null);

const ChatUsage = z.looseObject({ prompt_tokens: Count, completion_tokens: Count }).nullish().catch(null);

export const LenientChatCompletionSchema = z.looseObject({
  id: z.string().nullish(),
  model: z.string().nullish(),
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({ content: Content, tool_calls: ChatToolCalls }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1, "the answer has no choices"),
  usage: ChatUsage,
  ...Sources,
});
export type LenientChatCompletion = z.infer<typeof LenientChatCompletionSchema>;

export const LenientChatChunkSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        delta: z.looseObject({ content: Content, tool_calls: ChatToolCalls }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: ChatUsage,
  ...Sources,
});
export type LenientChatChunk = z.infer<typeof LenientChatChunkSchema>;

const MessagesUsage = z.looseObject({ input_tokens: Count, output_tokens: Count }).nullish().catch(null);

export const LenientMessageSchema = z.looseObject({
  id: z.string().nullish(),
  model: z.string().nullish(),
  content: z.array(ContentPart),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  usage: MessagesUsage,
});
export type LenientMessage = z.infer<typeof LenientMessageSchema>;

/** The messages-format stream events the app reads; every other event type passes as `other`. */
export const LenientMessageEventSchema = z.union([
  z.looseObject({ type: z.literal("message_start"), message: z.looseObject({ usage: MessagesUsage }).nullish() }),
  z.looseObject({
    type: z.literal("content_block_start"),
    index: z.number().int().nullish(),
    content_block: z.looseObject({
      type: z.string().nullish(),
      id: z.string().nullish(),
      name: z.string().nullish(),
      input: z.unknown().optional(),
    }),
  }),
  z.looseObject({
    type: z.literal("content_block_delta"),
    index: z.number().int().nullish(),
    delta: z.looseObject({
      type: z.string().nullish(),
      text: z.string().nullish(),
      partial_json: z.string().nullish(),
    }),
  }),
  z.looseObject({
    type: z.literal("message_delta"),
    delta: z.looseObject({ stop_reason: z.string().nullish(), stop_sequence: z.string().nullish() }).nullish(),
    usage: MessagesUsage,
  }),
  z.looseObject({ type: z.literal("message_stop") }),
  z.looseObject({
    type: z.literal("error"),
    error: z.looseObject({ type: z.string().nullish(), message: z.string() }),
  }),
  z.looseObject({ type: z.string() }).transform(() => ({ type: "other" as const })),
]);
export type LenientMessageEvent = z.infer<typeof LenientMessageEventSchema>;

/** The text of a message's content, whatever its shape. */
export function textOf(content: z.infer<typeof Content>): string {
  if (typeof content === "string") return content;
  return (content ?? [])
    .map((part) => (part.type === undefined || part.type === "text" ? (part.text ?? "") : ""))
    .join("");
}

/** `GET /v1/models` as OpenAI-compatible servers answer it. */
export const ModelListSchema = z.looseObject({ data: z.array(z.looseObject({ id: z.string() })) });
export type ModelList = z.infer<typeof ModelListSchema>;
