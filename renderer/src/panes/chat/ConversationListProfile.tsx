import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import "./conversation-profile.css";

const profileLabelId = (conversation: ConversationSummary) => `conversation-profile-${conversation.id}`;

/**
 * What describes a conversation's button in the list (its name stays the title): its profile where
 * that is not the active one, then what it cost so far.
 */
export function describedBy(conversation: ConversationSummary, profileLabel: string | null): string | undefined {
  const ids = [
    profileLabel === null ? null : profileLabelId(conversation),
    conversation.cost ? `conversation-cost-${conversation.id}` : null,
  ].filter((id) => id !== null);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** The small label of a conversation not of the active profile: that profile's name. */
export function ConversationListProfile({
  conversation,
  label,
}: {
  conversation: ConversationSummary;
  label: string | null;
}) {
  if (label === null) return null;
  return (
    <span
      id={profileLabelId(conversation)}
      // Read as the button's description, not its name: the name stays the conversation's title.
      aria-hidden="true"
      className="conversation-profile conversation-list__profile"
      data-testid="conversation-list-profile"
      title={label}
    >
      {label}
    </span>
  );
}
