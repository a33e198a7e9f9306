import { useTranslation } from "../../i18n/use-translation.ts";
import { useRateHeadroom } from "../../api/budget-queries.ts";
import { secondsUntil, useNow } from "../../components/use-now.ts";

/** Asked often while shown: the wait it counts down moves when the key's minute frees or a 429 pauses it. */
const HELD_READ_MS = 1000;

/**
 * Beside Refresh while a reading is on its way: when the key's rate limit holds it back, says so
 * and about how long is left, rather than leaving a disabled button unexplained.
 */
export function ReadingHeld({ profileId }: { readonly profileId: string }) {
  const { t } = useTranslation();
  const { data } = useRateHeadroom(profileId, HELD_READ_MS);
  const now = useNow(HELD_READ_MS);
  if (!data?.heldUntil || data.queued === 0) return null;
  const seconds = secondsUntil(Date.parse(data.heldUntil), now);
  // A wait already over is an earlier reading's, until the headroom is read again.
  if (seconds <= 0) return null;
  return (
    <span className="pane__header-status" role="status">
      {t("budget.heldForRateLimit", { seconds })}
    </span>
  );
}
