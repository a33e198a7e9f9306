import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ChatSettings } from "../../../../shared/ipc/chat.ts";
import { MoveToProfileDialog } from "./MoveToProfileDialog.tsx";
import "./conversation-profile.css";

interface ProfileGoneNoticeProps {
  readonly conversationId: string;
  readonly settings: ChatSettings;
  /** How many times Send, Compare, Regenerate or Edit was held back: each says the sentence again. */
  readonly blocked: number;
}

/**
 * Under the transcript of a conversation whose profile was deleted, above its message box: why
 * nothing is sent, and Move to profile…, which lets the user choose another profile and a model there.
 */
export function ProfileGoneNotice({ conversationId, settings, blocked }: ProfileGoneNoticeProps) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState(false);
  return (
    <div className="profile-gone">
      {/* Drawn anew on each attempt held back, as an alert: it is said again, and flashes. */}
      <p key={blocked} className="profile-gone__text" role={blocked > 0 ? "alert" : "status"}>
        <strong>{t("conversationProfile.deleted")}</strong> {t("conversationProfile.deletedHint")}
      </p>
      <button type="button" className="button button--primary" onClick={() => setMoving(true)}>
        {t("conversationProfile.move")}
      </button>
      {moving && (
        <MoveToProfileDialog conversationId={conversationId} settings={settings} onClose={() => setMoving(false)} />
      )}
    </div>
  );
}
