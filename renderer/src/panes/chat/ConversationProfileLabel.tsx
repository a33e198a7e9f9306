import { useTranslation } from "../../i18n/use-translation.ts";
import { useConversationProfile } from "./conversation-profile.ts";
import "./conversation-profile.css";

/** In the conversation's header: the profile it belongs to and is sent through, or that it was deleted. */
export function ConversationProfileLabel({ profileId }: { profileId: string | null }) {
  const { t } = useTranslation();
  const { name, deleted } = useConversationProfile(profileId);
  if (name === null && !deleted) return null;
  const shown = name ?? t("conversationProfile.deletedName");
  return (
    <p
      className={deleted ? "conversation-profile conversation-profile--deleted" : "conversation-profile"}
      data-testid="conversation-profile"
      title={shown}
    >
      <span className="visually-hidden">{t("chat.profile")}: </span>
      <span className="conversation-profile__name">{shown}</span>
    </p>
  );
}
