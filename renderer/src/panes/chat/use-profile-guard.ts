import { useState } from "react";
import { useConversationProfile } from "./conversation-profile.ts";

/**
 * A conversation whose profile was deleted sends nothing until it is moved: Send, Compare,
 * Regenerate and Edit are held back here (what was typed stays in the box), and each attempt is
 * counted, so the sentence that says why is said again.
 */
export function useProfileGuard(profileId: string | null) {
  const { deleted } = useConversationProfile(profileId);
  const [blocked, setBlocked] = useState(0);
  /** The action itself while the profile exists (the same function, so memoised rows stay as they are). */
  const guard = <Args extends unknown[], Result>(
    action: (...args: Args) => Result,
    refused: Result,
  ): ((...args: Args) => Result) => {
    if (!deleted) return action;
    return () => {
      setBlocked((count) => count + 1);
      return refused;
    };
  };
  return { deleted, blocked, guard };
}
