import { useActiveProfileId } from "../../api/queries.ts";
import { firstMessageModelOf, firstMessageModelTyped, useChatStore } from "./chat-store.ts";

/**
 * The model typed for the first message on the active profile, the code it stands for, and how to
 * change it: `choose` is refused (false) while no profile is known, as what is typed would belong to none.
 */
export function useFirstMessageModel() {
  const profileId = useActiveProfileId();
  const typed = useChatStore((state) => firstMessageModelTyped(state, profileId));
  const code = useChatStore((state) => firstMessageModelOf(state, profileId));
  const chosen = useChatStore((state) => state.firstMessageModelChosen);
  const choose = (text: string): boolean => {
    if (profileId === null) return false;
    chosen(text, profileId);
    return true;
  };
  return { typed, code, choose, ready: profileId !== null };
}
