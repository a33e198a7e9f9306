import { useEffect } from "react";
import { useActiveProfileId } from "../../api/queries.ts";
import { firstMessageModelOf, firstMessageModelTyped, NO_PROFILE_YET, useChatStore } from "./chat-store.ts";

/** The model typed for the first message on the active profile, the code it stands for, and how to change it. */
export function useFirstMessageModel() {
  const profileId = useActiveProfileId();
  const typed = useChatStore((state) => firstMessageModelTyped(state, profileId));
  const code = useChatStore((state) => firstMessageModelOf(state, profileId));
  const chosen = useChatStore((state) => state.firstMessageModelChosen);
  return { typed, code, choose: (text: string) => chosen(text, profileId) };
}

/**
 * A model typed before the profiles were known (a moment after start) belongs to the profile found
 * active. Kept by the app, not by the Chat pane: a user who leaves Chat before the profiles load, then
 * makes another profile active, must not find the choice moved to that one.
 */
export function useFirstMessageModelOwner(): void {
  const profileId = useActiveProfileId();
  const typedEarly = useChatStore((state) => state.firstMessageModels[NO_PROFILE_YET] !== undefined);
  const owned = useChatStore((state) => state.firstMessageModelOwned);
  useEffect(() => {
    if (profileId !== null && typedEarly) owned(profileId);
  }, [profileId, typedEarly, owned]);
}
