import { useTranslation } from "react-i18next";
import { MenuButton, type MenuItem } from "../../components/MenuButton.tsx";
import { openPresetEditor } from "../settings/preset-editor-request.ts";
import { usePresets } from "./preset-queries.ts";
import { useNewChatFromPreset } from "./use-new-chat.ts";
import "./preset-menu.css";

/**
 * Beside New chat: the prompt presets by name; choosing one starts a conversation with its
 * settings. Without presets it offers to create one in Settings.
 */
export function PresetMenu() {
  const { t } = useTranslation();
  const { data: presets = [] } = usePresets();
  const start = useNewChatFromPreset();
  const items: MenuItem[] = [
    ...presets.map((preset) => ({ label: preset.name, onSelect: () => start.mutate(preset.id) })),
    presets.length === 0
      ? { label: t("presets.create"), quiet: true, onSelect: () => openPresetEditor("new") }
      : { label: t("presets.manage"), quiet: true, onSelect: () => openPresetEditor("list") },
  ];
  return (
    <MenuButton
      label={t("presets.start")}
      menuLabel={t("presets.menu")}
      items={items}
      arrowOnly
      className="button--primary preset-menu__toggle"
    />
  );
}
