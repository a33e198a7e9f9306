import type { DatabaseSync } from "node:sqlite";
import type { Assistant } from "../../../shared/ipc/assistants.ts";
import type { ModelSet } from "../../../shared/ipc/compare.ts";
import { fileStem } from "../chat/chat-export.ts";
import { ModelSetStore } from "../chat/model-set-store.ts";
import { ASSISTANTS_FILE_FORMAT, ASSISTANTS_FILE_VERSION, type FileAssistant } from "./assistant-file-format.ts";
import { AssistantStore } from "./assistant-store.ts";

/** An assistant as the file holds it: without its id and times, its model set by name and models. */
function fileAssistantOf(assistant: Assistant, sets: ReadonlyMap<string, ModelSet>): FileAssistant {
  const { name, avatar, systemPrompt, model, modelSetId, wireFormat, temperature, topP, maxTokens, stream } = assistant;
  const set = modelSetId === null ? undefined : sets.get(modelSetId);
  return {
    name,
    avatar,
    systemPrompt,
    model,
    ...(set ? { modelSet: { name: set.name, models: set.models } } : {}),
    wireFormat,
    temperature,
    topP,
    maxTokens,
    stream,
    documents: assistant.documents,
  };
}

/** The assistants file (docs/assistants.md) of one assistant, or of all of them without an id. */
export function exportAssistants(db: DatabaseSync, assistantId?: string) {
  const store = new AssistantStore(db);
  const assistants = assistantId === undefined ? store.list() : [store.get(assistantId)];
  const sets = new Map(new ModelSetStore(db).list().map((set) => [set.id, set]));
  const file = {
    format: ASSISTANTS_FILE_FORMAT,
    version: ASSISTANTS_FILE_VERSION,
    assistants: assistants.map((assistant) => fileAssistantOf(assistant, sets)),
  };
  const fileName =
    assistantId === undefined
      ? "assistants.json"
      : `${fileStem(assistants[0]?.name ?? null, "assistant")}.assistant.json`;
  return { fileName, mimeType: "application/json", content: `${JSON.stringify(file, null, 2)}\n` };
}
