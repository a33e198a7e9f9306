import { BrowserWindow, globalShortcut } from "electron";
import { QUICK_CHAT_PATH } from "../../shared/ipc/desktop.ts";
import { APP_ORIGIN } from "../ipc/sender-policy.ts";
import { appWebPreferences } from "./main-window.ts";

export interface QuickChat {
  readonly window: BrowserWindow;
  toggle(): void;
  hide(): boolean;
  /** Takes `shortcut` in place of the current one; keeps the current one when the system refuses. */
  useShortcut(shortcut: string): boolean;
  shortcutWorks(): boolean;
}

/**
 * The small always-on-top chat window a global shortcut shows over whatever the user is doing.
 * Closing it only hides it, so the next press opens it at once, with the conversation as it was.
 */
export function createQuickChat(preloadPath: string, isQuitting: () => boolean): QuickChat {
  const window = new BrowserWindow({
    width: 560,
    height: 520,
    minWidth: 380,
    minHeight: 320,
    show: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    fullscreenable: false,
    title: "Quick chat — ModelDesk",
    webPreferences: appWebPreferences(preloadPath),
  });
  void window.loadURL(`${APP_ORIGIN}${QUICK_CHAT_PATH}`);
  window.on("close", (event) => {
    if (isQuitting()) return;
    event.preventDefault();
    window.hide();
  });
  let current: string | null = null;
  const hide = () => {
    if (!window.isVisible()) return false;
    window.hide();
    return true;
  };
  const toggle = () => {
    if (window.isVisible() && window.isFocused()) hide();
    else {
      window.show();
      window.focus();
    }
  };
  return {
    window,
    toggle,
    hide,
    useShortcut(shortcut) {
      if (shortcut === current && globalShortcut.isRegistered(shortcut)) return true;
      if (!globalShortcut.register(shortcut, toggle)) return false;
      if (current !== null && current !== shortcut) globalShortcut.unregister(current);
      current = shortcut;
      return true;
    },
    shortcutWorks: () => current !== null && globalShortcut.isRegistered(current),
  };
}
