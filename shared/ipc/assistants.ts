import { z } from "zod";
import { invalid } from "../text/validation-code.ts";
import { ChatSettingsSchema, checkTemperatureRange, ConversationSummarySchema } from "./chat.ts";
import { CodedTextSchema } from "./coded-text.ts";
import { AssistantToolsSchema } from "./conversation-tools.ts";
import { PROFILE_NAME_MAX } from "./profiles.ts";

/** The same limit as a profile's name, so NAME_TOO_LONG states it for both. */
export const ASSISTANT_NAME_MAX = PROFILE_NAME_MAX;
const ASSISTANT_MODEL_MAX = 200;
const ASSISTANT_ID_MAX = 100;
/** Room for the longest emoji sequences (a family with skin tones); one grapheme is checked apart. */
const AVATAR_MAX_CHARS = 64;
export const ASSISTANT_DOCUMENTS_MAX = 4;
export const DOCUMENT_NAME_MAX = 255;
export const ASSISTANT_DOCUMENT_CHARS_MAX = 200_000;
const PAGE_COUNT_MAX = 100_000;

const graphemes = (text: string) => [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)];

/** What an assistant shows as its picture: its avatar, else the first letter of its name. */
export const avatarOf = (assistant: { readonly name: string; readonly avatar: string }): string =>
  assistant.avatar || (graphemes(assistant.name.trim())[0]?.segment.toLocaleUpperCase() ?? "");

/** One grapheme that is a letter, a digit or an emoji (with its modifiers and joiners); empty: none. */
const isAvatar = (text: string) => {
  if (text === "") return true;
  const [first, ...rest] = graphemes(text);
  return rest.length === 0 && first !== undefined && /[\p{L}\p{N}\p{Extended_Pictographic}\p{RI}]/u.test(first.segment);
};

/** A file's extracted text, sent with every conversation started from the assistant. */
export const AssistantDocumentSchema = z.object({
  name: z.string().trim().min(1, invalid("NAME_REQUIRED")).max(DOCUMENT_NAME_MAX, invalid("ISSUE_TOO_LONG")),
  text: z.string().max(ASSISTANT_DOCUMENT_CHARS_MAX, invalid("DOCUMENT_TOO_LONG")),
  pages: z.number().int().min(0).max(PAGE_COUNT_MAX).nullable(),
});
export type AssistantDocument = z.infer<typeof AssistantDocumentSchema>;

const settings = ChatSettingsSchema.shape;

/**
 * What an assistant holds: a name and an avatar, the conversation's system prompt and model (or a
 * model set to start in Compare), the sampling parameters with a conversation's ranges (the
 * temperature's by wire format), documents sent with every conversation started from it, and the
 * MCP servers whose tools such a conversation offers, with its turn's cost cap.
 */
export const ASSISTANT_FIELDS = {
  name: z.string().trim().min(1, invalid("NAME_REQUIRED")).max(ASSISTANT_NAME_MAX, invalid("NAME_TOO_LONG")),
  avatar: z
    .string()
    .trim()
    .max(AVATAR_MAX_CHARS, invalid("AVATAR_INVALID"))
    .refine(isAvatar, invalid("AVATAR_INVALID")),
  systemPrompt: settings.systemPrompt,
  /** Empty: the active profile's default chat model when a conversation starts from it. */
  model: z.string().trim().max(ASSISTANT_MODEL_MAX, invalid("ISSUE_TOO_LONG")),
  wireFormat: settings.wireFormat,
  temperature: settings.temperature,
  topP: settings.topP,
  maxTokens: settings.maxTokens,
  stream: settings.stream,
  documents: z.array(AssistantDocumentSchema).max(ASSISTANT_DOCUMENTS_MAX, invalid("DOCUMENTS_TOO_MANY")),
  tools: AssistantToolsSchema,
};

const AssistantId = z.string().min(1).max(ASSISTANT_ID_MAX);
/** A saved model set: a conversation started from the assistant opens in Compare with its models. */
const ModelSetId = AssistantId.nullable();

/** An assistant to save: without an id it is new, with one it replaces that assistant. */
export const AssistantInputSchema = z
  .object({ id: AssistantId.optional(), ...ASSISTANT_FIELDS, modelSetId: ModelSetId })
  .superRefine(checkTemperatureRange);
export type AssistantInput = z.infer<typeof AssistantInputSchema>;

export const AssistantSchema = z.object({
  id: z.string(),
  ...ASSISTANT_FIELDS,
  modelSetId: ModelSetId,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Assistant = z.infer<typeof AssistantSchema>;

export const AssistantIdSchema = z.object({ assistantId: AssistantId });

/** The largest assistants file read (what 4 documents of 200,000 characters each fit in, with room). */
export const ASSISTANTS_FILE_MAX_CHARS = 5 * 1024 * 1024;

/** An assistants file's text, as the window read it; main parses and checks it. */
export const AssistantsImportSchema = z.object({ text: z.string().max(ASSISTANTS_FILE_MAX_CHARS) });

/** What an import did: the assistants added, and each one left out with its place in the file and why. */
export const AssistantsImportedSchema = z.object({
  imported: z.array(AssistantSchema),
  skipped: z.array(z.object({ index: z.number().int(), name: z.string().nullable(), reason: CodedTextSchema })),
});
export type AssistantsImported = z.infer<typeof AssistantsImportedSchema>;

/** Export one assistant, or all of them without an id. */
export const AssistantsExportSchema = z.object({ assistantId: AssistantId.optional() });

/** A conversation started from an assistant, and the models Compare opens with (null: Compare stays off). */
export const AssistantStartSchema = z.object({
  conversation: ConversationSummarySchema,
  compareModels: z.array(z.string()).nullable(),
});
