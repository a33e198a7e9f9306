import { BrowserWindow, session, type WebPreferences } from "electron";
import { APP_ORIGIN } from "../ipc/sender-policy.ts";
import type { WindowState } from "./window-state.ts";

/** Every app window: sandboxed, isolated, no Node, no webviews, only the bridge the preload exposes. */
export function appWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/**
 * The app window, where it was last time. What it may navigate to and open is decided for every
 * web contents by `guardWebContents` (web-contents-guards.ts).
 */
export function createMainWindow(preloadPath: string, state: WindowState | null): BrowserWindow {
  const window = new BrowserWindow({
    ...(state?.bounds ?? { width: 1200, height: 800 }),
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: "ModelDesk",
    webPreferences: appWebPreferences(preloadPath),
  });
  if (state?.maximized) window.maximize();
  window.once("ready-to-show", () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

/** Camera, microphone, notifications prompts and the like: refused unless the app asks for them itself. */
export function denyPermissionRequests(): void {
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
