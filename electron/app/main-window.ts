import { BrowserWindow, session } from "electron";
import { APP_ORIGIN } from "../ipc/sender-policy.ts";

/**
 * The app window: sandboxed, isolated, no Node, no webviews. What it may navigate to and open is
 * decided for every web contents by `guardWebContents` (web-contents-guards.ts).
 */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: "ModelDesk",
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  window.once("ready-to-show", () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

/** Camera, microphone, notifications prompts and the like: refused unless the app asks for them itself. */
export function denyPermissionRequests(): void {
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
