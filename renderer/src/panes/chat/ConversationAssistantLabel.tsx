import { useTranslation } from "../../i18n/use-translation.ts";
import type { ConversationAssistant } from "../../../../shared/ipc/chat.ts";
import { Avatar } from "../../components/Avatar.tsx";
import "./conversation-assistant.css";

/**
 * In the conversation's header: the assistant it was started from, as it was then (kept after a
 * rename or delete). Read as one picture with its name: "Assistant: Translator".
 */
export function ConversationAssistantLabel({ assistant }: { assistant: ConversationAssistant }) {
  const { t } = useTranslation();
  const label = t("assistants.startedWith", { name: assistant.name });
  return (
    <span className="conversation-assistant" role="img" aria-label={label} title={label}>
      <Avatar text={assistant.avatar} />
      <span className="conversation-assistant__name">{assistant.name}</span>
    </span>
  );
}
