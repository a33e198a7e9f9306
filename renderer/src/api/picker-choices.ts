import type { ListedKind } from "../../../shared/ipc/capabilities.ts";
import type { ModelKind, ModelsByKind } from "../../../shared/ipc/profiles.ts";
import { failsOnPurpose, kindOf, knownKindOf, type ServerSays } from "../../../shared/model-kinds.ts";
import { modelOptions, type ModelOption } from "./model-option-list.ts";

/** The kinds each picker lists: chat takes every model that writes text (chat and web search). */
const LISTED_IN: Record<ModelKind, readonly ModelKind[]> = {
  chat: ["chat", "search"],
  search: ["search"],
  image: ["image"],
  video: ["video"],
};

/** Headings in the order they are shown. */
const GROUP_ORDER = ["chat", "search", "image", "video", "test", "recent"] as const;

/** What a picker's list is made from. */
export interface PickerFacts {
  /** The profile's own lists. */
  readonly profile: ModelsByKind | null | undefined;
  /** The server's `/v1/models` codes, and what that list says of them. */
  readonly server: readonly string[];
  readonly said: ServerSays | null | undefined;
  /** Codes used recently here, newest first. */
  readonly recent: readonly string[];
}

const groupOf = (option: ModelOption) =>
  GROUP_ORDER.indexOf(option.source === "recent" ? "recent" : option.test ? "test" : (option.kind ?? "chat"));

/**
 * The codes a picker for `kind` offers, in the order shown: the profile's own of those kinds, the
 * server's whose kind is one of them (said by its list, else hinted by the name), then codes used
 * recently. A code used recently is dropped only when a list says it is of another kind: a code
 * someone typed is never hidden for what its name looks like.
 */
export function pickerChoices(kind: ModelKind, facts: PickerFacts): ModelOption[] {
  const { profile, said } = facts;
  // The picker's own kind that a found kind is, if it is one of them.
  const listedAs = (found: ListedKind | null) => LISTED_IN[kind].find((listed) => listed === found);
  const options = modelOptions(
    LISTED_IN[kind].flatMap((listed) => profile?.[listed] ?? []),
    facts.server.filter((code) => listedAs(kindOf(code, profile, said))),
    facts.recent.filter((code) => {
      const known = knownKindOf(code, profile, said);
      return known === null || listedAs(known);
    }),
  ).map((option) => ({
    ...option,
    kind: listedAs(kindOf(option.code, profile, said)) ?? kind,
    test: failsOnPurpose(option.code, said),
  }));
  return options.sort((a, b) => groupOf(a) - groupOf(b));
}
