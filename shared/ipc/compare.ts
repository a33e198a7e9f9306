import { z } from "zod";
import { invalid } from "../text/validation-code.ts";
import { PROFILE_NAME_MAX } from "./profiles.ts";
import { ChatMessageSchema, ChatRunSchema, MESSAGE_MAX_LENGTH } from "./chat.ts";

/** How many models one question may be put to at once. */
export const COMPARE_MIN_MODELS = 2;
export const COMPARE_MAX_MODELS = 4;
const MODEL_SET_NAME_MAX = PROFILE_NAME_MAX;
const MODEL_CODE_MAX = 200;

const ModelCode = z.string().trim().min(1, invalid("MODEL_REQUIRED")).max(MODEL_CODE_MAX);
const ModelCodes = z
  .array(ModelCode)
  .min(COMPARE_MIN_MODELS, invalid("COMPARE_MODEL_COUNT"))
  .max(COMPARE_MAX_MODELS, invalid("COMPARE_MODEL_COUNT"));

/** One answer of a comparison: its model and its reply (null until the reply's row is written). */
const ComparisonColumnSchema = z.object({
  messageId: z.string(),
  model: z.string(),
  message: ChatMessageSchema.nullable(),
});
export type ComparisonColumn = z.infer<typeof ComparisonColumnSchema>;

/** One question put to several models; the conversation continues from `chosenId` once one is chosen. */
export const ComparisonSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  columns: z.array(ComparisonColumnSchema),
  chosenId: z.string().nullable(),
  createdAt: z.string(),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

/** A comparison being answered: each column's stream, in the order the models were picked. */
export const ComparisonRunSchema = z.object({
  comparisonId: z.string(),
  userMessage: ChatMessageSchema,
  columns: z.array(ChatRunSchema.extend({ model: z.string() })),
});
export type ComparisonRun = z.infer<typeof ComparisonRunSchema>;

/** A named list of models to compare, one click away in the composer. */
export const ModelSetSchema = z.object({ id: z.string(), name: z.string(), models: z.array(z.string()) });
export type ModelSet = z.infer<typeof ModelSetSchema>;

const ConversationId = z.object({ conversationId: z.string().min(1) });

export const CompareInputs = {
  send: ConversationId.extend({
    content: z.string().trim().min(1, invalid("MESSAGE_EMPTY")).max(MESSAGE_MAX_LENGTH, invalid("MESSAGE_TOO_LONG")),
    models: ModelCodes,
  }),
  /** The conversation continues from this answer of a comparison. */
  continueWith: ConversationId.extend({ messageId: z.string().min(1).max(200) }),
  /** Regenerate on a comparison: its question asked again of all its models. */
  again: ConversationId.extend({ comparisonId: z.string().min(1).max(200) }),
  saveSet: z.object({
    name: z.string().trim().min(1, invalid("NAME_REQUIRED")).max(MODEL_SET_NAME_MAX, invalid("NAME_TOO_LONG")),
    models: ModelCodes,
  }),
  setId: z.object({ setId: z.string().min(1).max(100) }),
};
