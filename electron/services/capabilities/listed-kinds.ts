import { LISTED_KINDS, type ListedKind } from "../../../shared/ipc/capabilities.ts";
import { objectOr } from "../../../shared/plain-object.ts";
import type { ModelList } from "../gateway-client/lenient-schemas.ts";
import { isStringList } from "./model-modalities.ts";

/** The words servers put in a `kind` or `type` field, by the kind they mean. */
const KIND_WORDS: Record<ListedKind, readonly string[]> = {
  chat: ["chat", "text", "llm", "language", "code", "completion", "chat-completion"],
  search: ["search", "web-search"],
  image: ["image", "images", "image-generation", "text-to-image"],
  video: ["video", "videos", "video-generation", "text-to-video", "image-to-video"],
  other: ["embedding", "embeddings", "rerank", "moderation", "audio", "tts", "speech", "transcription", "stt"],
};

function kindOfWord(value: unknown): ListedKind | null {
  if (typeof value !== "string") return null;
  const word = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  return LISTED_KINDS.find((kind) => KIND_WORDS[kind].includes(word)) ?? null;
}

/** What a model writes decides what it is for: text is chat (even beside pictures), else video, else image. */
function kindOfOutputs(outputs: readonly string[]): ListedKind {
  const writes = (modality: string) => outputs.some((output) => output.toLowerCase().startsWith(modality));
  if (writes("text")) return "chat";
  if (writes("video")) return "video";
  return writes("image") ? "image" : "other";
}

/** OpenRouter's older `architecture.modality`, `text+image->text`: the part after the arrow. */
function outputsOfModality(value: unknown): string[] | null {
  const [, outputs] = typeof value === "string" ? value.split("->") : [];
  return outputs === undefined ? null : outputs.split("+");
}

/**
 * What a list entry says it is, in the forms servers use: a `kind` or `type` word (the local gateway,
 * Together), what it writes (OpenRouter's `architecture.output_modalities` or `modality`, a top-level
 * `output_modalities`), or Mistral's `capabilities.completion_chat`. Null where it says nothing.
 */
function kindOfEntry(entry: Record<string, unknown>): ListedKind | null {
  const said = kindOfWord(entry.kind) ?? kindOfWord(entry.type);
  if (said) return said;
  const architecture = objectOr(entry.architecture);
  const outputs =
    [architecture.output_modalities, entry.output_modalities].find(isStringList) ??
    outputsOfModality(architecture.modality);
  if (outputs) return kindOfOutputs(outputs);
  const chats = objectOr(entry.capabilities).completion_chat;
  if (typeof chats === "boolean") return chats ? "chat" : "other";
  return null;
}

/** The models whose list entry says what kind they are. */
export function listedKindsOf(list: ModelList): Record<string, ListedKind> {
  const known: Record<string, ListedKind> = {};
  for (const entry of list.data) {
    const kind = kindOfEntry(entry);
    if (kind) known[entry.id] = kind;
  }
  return known;
}

/** The models the list says fail on purpose: the local gateway names each one's `fault`. */
export const testModelsOf = (list: ModelList): string[] =>
  [
    ...new Set(
      list.data.filter((entry) => typeof entry.fault === "string" && entry.fault !== "").map((entry) => entry.id),
    ),
  ].sort();
