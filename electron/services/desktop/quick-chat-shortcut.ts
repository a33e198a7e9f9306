import { DEFAULT_QUICK_CHAT_SHORTCUT, QuickChatShortcutSchema } from "../../../shared/ipc/desktop.ts";
import type { SettingsStore } from "../vault/settings-store.ts";

/** The settings key holding the accelerator that toggles the quick chat window. */
export const QUICK_CHAT_SHORTCUT_SETTING = "quickChatShortcut";

const ShortcutSchema = QuickChatShortcutSchema.shape.shortcut.catch(DEFAULT_QUICK_CHAT_SHORTCUT);

/** The saved shortcut; the default when none was saved or the saved one is not a valid accelerator. */
export function quickChatShortcut(settings: SettingsStore): string {
  return ShortcutSchema.parse(settings.get(QUICK_CHAT_SHORTCUT_SETTING) ?? DEFAULT_QUICK_CHAT_SHORTCUT);
}

export function setQuickChatShortcut(settings: SettingsStore, shortcut: string): void {
  settings.set(QUICK_CHAT_SHORTCUT_SETTING, shortcut);
}
