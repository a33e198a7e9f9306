import type { ImageInput } from "../../../shared/ipc/capabilities.ts";
import type { ModelList } from "../gateway-client/lenient-schemas.ts";

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

export const objectOr = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/**
 * What a model list entry says about images, in the forms servers use: OpenRouter's
 * `architecture.input_modalities`, a top-level `input_modalities` or `modalities`, or a
 * `capabilities.vision` flag. Null where the entry says nothing.
 */
function imageInputOfEntry(entry: Record<string, unknown>): ImageInput | null {
  const architecture = objectOr(entry.architecture);
  const listed = [architecture.input_modalities, entry.input_modalities, entry.modalities].find(isStringList);
  if (listed) return listed.some((modality) => /^image/i.test(modality)) ? "takes" : "refuses";
  const vision = objectOr(entry.capabilities).vision;
  if (typeof vision === "boolean") return vision ? "takes" : "refuses";
  return null;
}

/** The models whose list entry says whether they take images. */
export function imageInputOf(list: ModelList): Record<string, ImageInput> {
  const known: Record<string, ImageInput> = {};
  for (const entry of list.data) {
    const input = imageInputOfEntry(entry);
    if (input) known[entry.id] = input;
  }
  return known;
}
