import { useEffect } from "react";
import { useActiveProfileId } from "../../api/queries.ts";
import { firstMessageModelOf, firstMessageModelTyped, useChatStore } from "./chat-store.ts";

/** The model typed for the first message on the active profile, the code it stands for, and how to change it. */
export function useFirstMessageModel() {
  const profileId = useActiveProfileId();
  const typed = useChatStore((state) => firstMessageModelTyped(state, profileId));
  const code = useChatStore((state) => firstMessageModelOf(state, profileId));
  const chosen = useChatStore((state) => state.firstMessageModelChosen);
  const owned = useChatStore((state) => state.firstMessageModelOwned);
  // Typed before the profiles were known (a moment after start), it belongs to the profile found active.
  useEffect(() => {
    if (profileId !== null) owned(profileId);
  }, [profileId, owned]);
  return { typed, code, choose: (text: string) => chosen(text, profileId) };
}
