import type { Language } from "../../shared/text/languages.ts";

/**
 * What only the desktop app can do with its windows. The web host has one page per browser tab
 * and no global shortcuts, so it runs with `WINDOWLESS_SHELL`.
 */
export interface DesktopShell {
  /** Brings the main window forward (quick chat's Open in ModelDesk). */
  showMainWindow(): void;
  /** Hides the quick chat window; false when there is none to hide. */
  hideQuickChat(): boolean;
  /**
   * Takes `shortcut` for quick chat in place of the current one: whether the system gave it (the
   * current one stays when it did not), null without global shortcuts.
   */
  applyQuickChatShortcut(shortcut: string): boolean | null;
  /** Whether the quick chat shortcut works now; null without global shortcuts. */
  quickChatShortcutWorks(): boolean | null;
  /** The window now speaks `language`: the menus follow. */
  languageChanged(language: Language): void;
}

export const WINDOWLESS_SHELL: DesktopShell = {
  showMainWindow() {},
  hideQuickChat: () => false,
  applyQuickChatShortcut: () => null,
  quickChatShortcutWorks: () => null,
  languageChanged() {},
};
