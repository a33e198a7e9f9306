import { MODEL_KINDS, type ModelKind, type ModelsByKind } from "./ipc/profiles.ts";

/** Codes whose names hint at a kind; every code may be a chat model. */
const KIND_HINTS: Record<ModelKind, RegExp> = {
  chat: /./,
  search: /search/i,
  // "sd" only as a word of its own (sd3, sdxl-turbo), not inside one (wisdom-7b).
  image: /image|dall|flux|diffusion|(^|[^a-z])sd(xl)?([^a-z]|$)/i,
  video: /video|sora|kling|veo/i,
};

/** The kinds a code is guessed to be when no list of the profile names it: the specific ones first. */
const GUESS_ORDER: readonly ModelKind[] = ["search", "image", "video"];

export const looksLike = (kind: ModelKind, code: string) => KIND_HINTS[kind].test(code);

/** A code's kind: the profile's list that names it, else the one its name hints at, else chat. */
export function kindOf(code: string, listed: ModelsByKind | null | undefined): ModelKind {
  return (
    MODEL_KINDS.find((kind) => listed?.[kind].includes(code)) ??
    GUESS_ORDER.find((kind) => looksLike(kind, code)) ??
    "chat"
  );
}

/**
 * The code a form or a new conversation starts with for a kind: the profile's first, else the first
 * of the server's `/v1/models` codes that is of that kind, else (for chat, which every code may be)
 * the server's first code, else null.
 */
export function preferredModel(
  kind: ModelKind,
  listed: ModelsByKind | null | undefined,
  server: readonly string[] | null | undefined,
): string | null {
  const ofKind = listed?.[kind][0] ?? server?.find((code) => kindOf(code, listed) === kind);
  return ofKind ?? (kind === "chat" ? server?.[0] : undefined) ?? null;
}
