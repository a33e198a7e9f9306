import { useTranslation } from "../../i18n/use-translation.ts";
import { avatarOf } from "../../../../shared/ipc/assistants.ts";
import { MenuButton, type MenuItem } from "../../components/MenuButton.tsx";
import { openAssistantEditor } from "../settings/assistant-editor-request.ts";
import { useAssistants } from "./assistant-queries.ts";
import { useNewChatWithAssistant } from "./use-new-chat.ts";
import "./assistant-menu.css";

/**
 * Beside New chat: the assistants with their avatars; choosing one starts a conversation with it.
 * Without assistants it offers to create one in Settings.
 */
export function AssistantMenu() {
  const { t } = useTranslation();
  const { data: assistants = [] } = useAssistants();
  const start = useNewChatWithAssistant();
  const items: MenuItem[] = [
    ...assistants.map((assistant) => ({
      label: assistant.name,
      icon: avatarOf(assistant),
      onSelect: () => start.mutate(assistant.id),
    })),
    assistants.length === 0
      ? { label: t("assistants.create"), quiet: true, onSelect: () => openAssistantEditor("new") }
      : { label: t("assistants.manage"), quiet: true, onSelect: () => openAssistantEditor("list") },
  ];
  return (
    <MenuButton
      label={t("assistants.start")}
      menuLabel={t("assistants.menu")}
      items={items}
      arrowOnly
      className="button--primary assistant-menu__toggle"
    />
  );
}
