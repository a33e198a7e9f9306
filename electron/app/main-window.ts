import { BrowserWindow, session } from "electron";
import { APP_ORIGIN } from "../ipc/sender-policy.ts";
import { openExternalIfAllowed } from "./external-links.ts";

/** The app window: sandboxed, isolated, no Node, no webviews; it can only show the app's own origin. */
export function createMainWindow(preloadPath: string, localGatewayOrigin: string | null): BrowserWindow {
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
  window.webContents.setWindowOpenHandler(({ url }) => {
    openExternalIfAllowed(url, localGatewayOrigin);
    return { action: "deny" };
  });
  window.webContents.on("will-navigate", (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) {
      event.preventDefault();
      openExternalIfAllowed(url, localGatewayOrigin);
    }
  });
  window.webContents.on("will-attach-webview", (event) => event.preventDefault());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

/** Camera, microphone, notifications prompts and the like: refused unless the app asks for them itself. */
export function denyPermissionRequests(): void {
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
