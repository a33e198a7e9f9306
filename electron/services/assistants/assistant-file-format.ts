import { z } from "zod";
import { ASSISTANT_FIELDS } from "../../../shared/ipc/assistants.ts";
import { checkTemperatureRange, DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { CompareInputs } from "../../../shared/ipc/compare.ts";
import { invalid } from "../../../shared/text/validation-code.ts";

/** What names an assistants file (docs/assistants.md), and the one version of it this app writes and reads. */
export const ASSISTANTS_FILE_FORMAT = "modeldesk-assistants";
export const ASSISTANTS_FILE_VERSION = 1;

const fields = ASSISTANT_FIELDS;
const defaults = DEFAULT_CHAT_SETTINGS;

/**
 * One assistant as a file holds it: the form's fields with the form's ranges, its model set written
 * out by name and models. Only the name is required (the rest takes a new assistant's values), and
 * fields this version does not know are left out.
 */
export const FileAssistantSchema = z
  .object({
    name: z.string({ error: invalid("NAME_REQUIRED") }).pipe(fields.name),
    avatar: fields.avatar.default(""),
    systemPrompt: fields.systemPrompt.default(""),
    model: fields.model.default(""),
    modelSet: CompareInputs.saveSet.nullable().optional(),
    wireFormat: fields.wireFormat.default(defaults.wireFormat),
    temperature: fields.temperature.default(defaults.temperature),
    topP: fields.topP.default(defaults.topP),
    maxTokens: fields.maxTokens.default(defaults.maxTokens),
    stream: fields.stream.default(defaults.stream),
    documents: fields.documents.default([]),
  })
  .superRefine(checkTemperatureRange);
export type FileAssistant = z.infer<typeof FileAssistantSchema>;
