import { MODEL_KINDS, type ModelKind } from "../../../shared/ipc/profiles.ts";
import { looksLike, useCapabilities } from "./capability-queries.ts";
import { modelOptions, type ModelBadge, type ModelOption } from "./model-option-list.ts";
import { useActiveProfile } from "./queries.ts";

/** The kinds a code is guessed to be when no list of the profile names it: the specific ones first. */
const GUESS_ORDER: readonly ModelKind[] = ["search", "image", "video"];

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
  const kindOf = (code: string): ModelKind =>
    MODEL_KINDS.find((each) => listed?.[each].includes(code)) ??
    GUESS_ORDER.find((each) => looksLike(each, code)) ??
    "chat";
  const defaultCode = listed?.[kind][0] ?? likely[0];
  const messagesOffered = data?.features.messages === "offered";
  return modelOptions(listed?.[kind] ?? [], [...likely, ...server], recent).map((option) => {
    const optionKind = kindOf(option.code);
    const badges: ModelBadge[] = [];
    if (option.code === defaultCode) badges.push("default");
    if (optionKind === "chat" && messagesOffered) badges.push("messages");
    return { ...option, kind: optionKind, badges };
  });
}
