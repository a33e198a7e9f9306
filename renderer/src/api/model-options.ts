import type { ModelKind } from "../../../shared/ipc/profiles.ts";
import { preferredModel } from "../../../shared/model-kinds.ts";
import { useCapabilities } from "./capability-queries.ts";
import type { ModelBadge, ModelOption } from "./model-option-list.ts";
import { pickerChoices } from "./picker-choices.ts";
import { useActiveProfile, useProfiles } from "./queries.ts";

/**
 * The picker's options for a kind (chat: every model that writes text), with the caller's recent
 * codes; each with the kind it is listed under and what is known of it.
 */
export function useModelOptions(kind: ModelKind, recent: readonly string[], profileId?: string | null): ModelOption[] {
  // A conversation's own profile where one is named (it may not be the active one).
  const active = useActiveProfile();
  const { data: profiles } = useProfiles();
  const named = profiles?.profiles.find((candidate) => candidate.id === profileId) ?? null;
  const profile = profileId ? named : active;
  const { data } = useCapabilities(profile?.id ?? null);
  const server = data?.models ?? [];
  const listed = profile?.models ?? null;
  const defaultCode = preferredModel(kind, listed, server, data);
  const messagesOffered = data?.features.messages === "offered";
  // What the server's list says of images, or what a refusal taught.
  const imageInput = data?.imageInput ?? {};
  return pickerChoices(kind, { profile: listed, server, said: data, recent }).map((option) => {
    const badges: ModelBadge[] = [];
    if (option.code === defaultCode) badges.push("default");
    if (option.kind === "chat" && messagesOffered) badges.push("messages");
    if (option.kind === "search") badges.push("search");
    if (imageInput[option.code] === "takes") badges.push("images");
    if (imageInput[option.code] === "refuses") badges.push("textOnly");
    return { ...option, badges };
  });
}
