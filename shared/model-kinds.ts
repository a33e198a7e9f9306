import type { ListedKind, ServerCapabilities } from "./ipc/capabilities.ts";
import { MODEL_KINDS, type ModelKind, type ModelsByKind } from "./ipc/profiles.ts";

/** What a server's model list says of its models beside their codes. */
export type ServerSays = Pick<ServerCapabilities, "modelKinds" | "testModels">;

/** Codes whose names hint at a kind; every code may be a chat model. */
const KIND_HINTS: Record<ListedKind, RegExp> = {
  chat: /./,
  search: /search/i,
  // "sd" only as a word of its own (sd3, sdxl-turbo), not inside one (wisdom-7b).
  image: /image|dall|flux|diffusion|(^|[^a-z])sd(xl)?([^a-z]|$)/i,
  video: /video|sora|kling|veo/i,
  // Embeddings, speech and moderation: models no pane of this app sends to.
  other: /embed|whisper|(^|[^a-z])tts([^a-z]|$)|transcri|moderation|rerank/i,
};

/** The kinds a code is guessed to be when no list names it: the specific ones first. */
const GUESS_ORDER: readonly ListedKind[] = ["search", "image", "video", "other"];

/** A code's kind as someone said it: the profile's list that names it, else the server's list; else null. */
export function knownKindOf(
  code: string,
  listed: ModelsByKind | null | undefined,
  said: ServerSays | null | undefined,
): ListedKind | null {
  return MODEL_KINDS.find((kind) => listed?.[kind].includes(code)) ?? said?.modelKinds?.[code] ?? null;
}

/** A code's kind: as the profile's or the server's list says, else the one its name hints at, else chat. */
export function kindOf(code: string, listed: ModelsByKind | null | undefined, said?: ServerSays | null): ListedKind {
  return knownKindOf(code, listed, said) ?? GUESS_ORDER.find((kind) => KIND_HINTS[kind].test(code)) ?? "chat";
}

/** Whether the server's list says the model fails on purpose (a test model). */
export const failsOnPurpose = (code: string, said: ServerSays | null | undefined): boolean =>
  said?.testModels?.includes(code) ?? false;

/**
 * The code a form or a new conversation starts with for a kind: the profile's first, else the first
 * of the server's `/v1/models` codes that is of that kind and not made to fail, else (for chat, which
 * every code may be) the server's first code, else null.
 */
export function preferredModel(
  kind: ModelKind,
  listed: ModelsByKind | null | undefined,
  server: readonly string[] | null | undefined,
  said?: ServerSays | null,
): string | null {
  const ofKind =
    listed?.[kind][0] ?? server?.find((code) => kindOf(code, listed, said) === kind && !failsOnPurpose(code, said));
  return ofKind ?? (kind === "chat" ? server?.[0] : undefined) ?? null;
}
