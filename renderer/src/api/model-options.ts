import type { ModelKind } from "../../../shared/ipc/profiles.ts";
import { kindOf, looksLike, preferredModel } from "../../../shared/model-kinds.ts";
import { useCapabilities } from "./capability-queries.ts";
import { modelOptions, type ModelBadge, type ModelOption } from "./model-option-list.ts";
import { useActiveProfile } from "./queries.ts";

/**
 * The picker's options for a kind (codes that look like that kind first), with the caller's recent
 * codes; each with the kind it is listed under and what is known of it.
 */
export function useModelOptions(kind: ModelKind, recent: readonly string[]): ModelOption[] {
  const profile = useActiveProfile();
  const { data } = useCapabilities(profile?.id ?? null);
  const server = data?.models ?? [];
  const likely = server.filter((code) => looksLike(kind, code));
  const listed = profile?.models ?? null;
  const defaultCode = preferredModel(kind, listed, server);
  const messagesOffered = data?.features.messages === "offered";
  // What the server's list says of images, or what a refusal taught.
  const imageInput = data?.imageInput ?? {};
  return modelOptions(listed?.[kind] ?? [], [...likely, ...server], recent).map((option) => {
    const optionKind = kindOf(option.code, listed);
    const badges: ModelBadge[] = [];
    if (option.code === defaultCode) badges.push("default");
    if (optionKind === "chat" && messagesOffered) badges.push("messages");
    if (imageInput[option.code] === "takes") badges.push("images");
    if (imageInput[option.code] === "refuses") badges.push("textOnly");
    return { ...option, kind: optionKind, badges };
  });
}
