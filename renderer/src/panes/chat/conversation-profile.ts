import { useCallback } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import type { ProfilesState } from "../../../../shared/ipc/profiles.ts";
import { useModelOptions } from "../../api/model-options.ts";
import { useProfiles } from "../../api/queries.ts";

/** The profile a conversation belongs to, as the list and the header show it. */
export interface ConversationProfile {
  /** Its name; null while the profiles load, or once it was deleted. */
  readonly name: string | null;
  /** Deleted since the conversation was started on it: nothing is sent until it is moved. */
  readonly deleted: boolean;
  /** Whether it is the active profile, where new chats start. */
  readonly active: boolean;
}

const UNKNOWN_YET: ConversationProfile = { name: null, deleted: false, active: true };

/** A conversation stored without a profile (before they kept theirs) is sent through the active one. */
export function conversationProfileOf(state: ProfilesState | undefined, profileId: string | null): ConversationProfile {
  if (!state) return UNKNOWN_YET;
  const id = profileId ?? state.activeId;
  const profile = state.profiles.find((candidate) => candidate.id === id);
  return { name: profile?.name ?? null, deleted: profile === undefined, active: id === state.activeId };
}

export function useConversationProfile(profileId: string | null): ConversationProfile {
  return conversationProfileOf(useProfiles().data, profileId);
}

/** The list's label of a conversation: its profile's name where that is not the active profile, else null. */
export function useProfileLabels(): (conversation: ConversationSummary) => string | null {
  const { t } = useTranslation();
  const { data } = useProfiles();
  // One function while the profiles stay the same: the list works out its rows again when it changes.
  return useCallback(
    (conversation) => {
      const profile = conversationProfileOf(data, conversation.settings.profileId);
      if (profile.active) return null;
      return profile.name ?? t("conversationProfile.deletedName");
    },
    [data, t],
  );
}

const NO_RECENT: readonly string[] = [];

/** The chat model a conversation moved to this profile takes unless another is chosen: its picker's default. */
export function useDefaultChatModel(profileId: string | null): string | null {
  const options = useModelOptions("chat", NO_RECENT, profileId || null);
  return options.find((option) => option.badges?.includes("default"))?.code ?? null;
}
