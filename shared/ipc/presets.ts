import { z } from "zod";
import { invalid } from "../text/validation-code.ts";
import { ChatSettingsSchema, checkTemperatureRange } from "./chat.ts";
import { PROFILE_NAME_MAX } from "./profiles.ts";

/** The same limit as a profile's name, so NAME_TOO_LONG states it for both. */
const PRESET_NAME_MAX = PROFILE_NAME_MAX;
const PRESET_MODEL_MAX = 200;
const PRESET_ID_MAX = 100;

const settings = ChatSettingsSchema.shape;

/**
 * What a preset holds: a name, the conversation's system prompt and model, and the sampling
 * parameters, with the ranges a conversation's settings have (the temperature's by wire format).
 */
const PRESET_FIELDS = {
  name: z.string().trim().min(1, invalid("NAME_REQUIRED")).max(PRESET_NAME_MAX, invalid("NAME_TOO_LONG")),
  systemPrompt: settings.systemPrompt,
  /** Empty: the active profile's default chat model when a conversation starts from it. */
  model: z.string().trim().max(PRESET_MODEL_MAX, invalid("ISSUE_TOO_LONG")),
  wireFormat: settings.wireFormat,
  temperature: settings.temperature,
  topP: settings.topP,
  maxTokens: settings.maxTokens,
  stream: settings.stream,
};

const PresetId = z.string().min(1).max(PRESET_ID_MAX);

/** A preset to save: without an id it is new, with one it replaces that preset. */
export const PresetInputSchema = z
  .object({ id: PresetId.optional(), ...PRESET_FIELDS })
  .superRefine(checkTemperatureRange);
export type PresetInput = z.infer<typeof PresetInputSchema>;

export const PresetSchema = z.object({
  id: z.string(),
  ...PRESET_FIELDS,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof PresetSchema>;

export const PresetIdSchema = z.object({ presetId: PresetId });
