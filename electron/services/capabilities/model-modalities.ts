import type { ModelTakes } from "../../../shared/ipc/capabilities.ts";
import { objectOr } from "../../../shared/plain-object.ts";
import type { ModelList } from "../gateway-client/lenient-schemas.ts";

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * What a model list entry says about images, in the forms servers use: OpenRouter's
 * `architecture.input_modalities`, a top-level `input_modalities` or `modalities`, or a
 * `capabilities.vision` flag. Null where the entry says nothing.
 */
function imageInputOfEntry(entry: Record<string, unknown>): ModelTakes | null {
  const architecture = objectOr(entry.architecture);
  const listed = [architecture.input_modalities, entry.input_modalities, entry.modalities].find(isStringList);
  if (listed) return listed.some((modality) => /^image/i.test(modality)) ? "takes" : "refuses";
  const vision = objectOr(entry.capabilities).vision;
  if (typeof vision === "boolean") return vision ? "takes" : "refuses";
  return null;
}

const TOOL_PARAMETERS = ["tools", "tool_choice", "functions"];
const TOOL_CAPABILITY = /^(tools?|tool_use|tool_calling|function_calling)$/i;

/**
 * What a model list entry says about tools, in the forms servers use: OpenRouter's
 * `supported_parameters`, a `capabilities` list (`tools`, `tool_use`) or a `capabilities`
 * object with a `function_calling` or `tools` flag. Null where the entry says nothing.
 */
function toolInputOfEntry(entry: Record<string, unknown>): ModelTakes | null {
  const takes = (yes: boolean): ModelTakes => (yes ? "takes" : "refuses");
  if (isStringList(entry.supported_parameters)) {
    return takes(entry.supported_parameters.some((parameter) => TOOL_PARAMETERS.includes(parameter)));
  }
  if (isStringList(entry.capabilities)) return takes(entry.capabilities.some((named) => TOOL_CAPABILITY.test(named)));
  const capabilities = objectOr(entry.capabilities);
  const flag = [capabilities.function_calling, capabilities.tools, capabilities.tool_calling].find(
    (value) => typeof value === "boolean",
  );
  return typeof flag === "boolean" ? takes(flag) : null;
}

/** The models whose list entry says whether they take it (images, tools). */
function saidOf(list: ModelList, said: (entry: Record<string, unknown>) => ModelTakes | null) {
  const known: Record<string, ModelTakes> = {};
  for (const entry of list.data) {
    const input = said(entry);
    if (input) known[entry.id] = input;
  }
  return known;
}

export const imageInputOf = (list: ModelList) => saidOf(list, imageInputOfEntry);
export const toolInputOf = (list: ModelList) => saidOf(list, toolInputOfEntry);
