import { app, globalShortcut, net, type BrowserWindow } from "electron";
import Store from "electron-store";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createMainCore } from "../ipc/main-core.ts";
import { startAppServices } from "../composition/start-app-services.ts";
import type { OpenPane } from "../../shared/ipc/app-info.ts";
import type { DesktopShell } from "../ipc/desktop-shell.ts";
import { quickChatShortcutSetting } from "../services/desktop/quick-chat-shortcut.ts";
import { PRIVATE_UMASK } from "../services/store/owner-only.ts";
import { reportUnhandledRejections } from "../common/unhandled-rejections.ts";
import { registerAppScheme, serveMedia, serveRenderer } from "./app-protocol.ts";
import { commandLineProfile } from "./command-line.ts";
import { recoverDamagedData, recoverDamageFoundLater } from "./damaged-data-dialog.ts";
import { openExternalIfAllowed } from "./external-links.ts";
import { IpcBridge } from "./ipc-bridge.ts";
import { installAppMenu } from "./app-menu.ts";
import { menuTexts } from "../services/desktop/desktop-texts.ts";
import { languageSetting } from "../services/desktop/language-setting.ts";
import { startDesktopNotices } from "./desktop-notices.ts";
import { createMainWindow, denyPermissionRequests } from "./main-window.ts";
import { createQuickChat, type QuickChat } from "./quick-chat-window.ts";
import { safeStorageCipher } from "./safe-storage-cipher.ts";
import { rememberWindowState, savedWindowState } from "./window-state.ts";
import { guardWebContents } from "./web-contents-guards.ts";

/** The longest quitting waits for the services to close. */
const QUIT_WAIT_MS = 5000;

registerAppScheme();
reportUnhandledRejections();
// Everything the app writes (database, media, settings, backups) is for this user's eyes only.
process.umask(PRIVATE_UMASK);

// Its help pages are the only http links the app opens; known once the embedded gateway listens.
let localGatewayOrigin: string | null = null;
// Every web contents, not only the main window: whatever is created later gets the same guards.
app.on("web-contents-created", (_event, contents) =>
  guardWebContents(contents, (url) => openExternalIfAllowed(url, localGatewayOrigin)),
);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let quickChat: QuickChat | null = null;
  let quitting = false;
  const showMainWindow = () => {
    if (window?.isMinimized()) window.restore();
    window?.show();
    window?.focus();
  };
  app.on("second-instance", showMainWindow);
  app.on("before-quit", () => (quitting = true));
  app.on("will-quit", () => globalShortcut.unregisterAll());

  void app.whenReady().then(async () => {
    if (!recoverDamagedData(app.getPath("userData"))) return app.quit();
    const store = new Store<Record<string, unknown>>({ name: "settings", configFileMode: 0o600 });
    const settings = {
      get: (key: string) => store.get(key),
      set: (key: string, value: unknown) => store.set(key, value),
    };
    const profile = commandLineProfile(process.argv);
    const services = await startAppServices(
      {
        host: "electron",
        version: app.getVersion(),
        dataDir: app.getPath("userData"),
        settings,
        cipher: safeStorageCipher(),
        // Electron's own implementation of the standard fetch, declared with a narrower input type.
        fetch: net.fetch as typeof fetch,
        mediaSrc: (id) => `media://local/${id}`,
      },
      profile ? { profile } : {},
    );
    // Damage found while the app quits is left for the next start, which finds it again.
    services.subscribe({
      dataDamaged: () => {
        if (!quitting) void recoverDamageFoundLater(app.getPath("userData"), services);
      },
    });
    let closed = false;
    app.on("will-quit", (event) => {
      if (closed) return;
      // Replies still streaming are stopped and written, and the database closed, before the process ends;
      // a close that hangs does not keep the app from quitting.
      event.preventDefault();
      void Promise.race([services.close(), sleep(QUIT_WAIT_MS)]).finally(() => {
        closed = true;
        app.quit();
      });
    });
    denyPermissionRequests();
    const rendererDir = join(import.meta.dirname, "..", "renderer");
    const preload = join(import.meta.dirname, "..", "preload", "preload.cjs");
    serveRenderer(rendererDir);
    serveMedia(
      (id) => services.media.file(id),
      (id) => services.media.thumbnailFile(id),
    );
    const menuActions = {
      newChat: () => {
        showMainWindow();
        core.pages.broadcast("app.newChat", {});
      },
      quickChat: () => quickChat?.toggle(),
      openSettings: () => open({ pane: "settings" }),
    };
    const shell: DesktopShell = {
      showMainWindow,
      hideQuickChat: () => quickChat?.hide() ?? false,
      applyQuickChatShortcut(shortcut) {
        const taken = quickChat?.useShortcut(shortcut) ?? false;
        if (taken) installAppMenu(menuActions, shortcut, menuTexts(languageSetting.read(settings)));
        return taken;
      },
      quickChatShortcutWorks: () => quickChat?.shortcutWorks() ?? false,
      languageChanged(language) {
        installAppMenu(menuActions, quickChatShortcutSetting.read(settings), menuTexts(language));
        tray.label(menuTexts(language));
      },
    };
    const core = createMainCore(services, shell);
    const open = (target: OpenPane) => {
      showMainWindow();
      core.pages.broadcast("app.openPane", target);
    };
    const tray = startDesktopNotices(services, join(rendererDir, "icon.png"), open);
    localGatewayOrigin = services.localGateway?.url ?? null;
    const bridge = new IpcBridge(core);
    window = createMainWindow(preload, savedWindowState(settings));
    rememberWindowState(window, settings);
    // The quick chat window only hides when closed; closing the main window is what quits.
    window.on("closed", () => app.quit());
    bridge.attach(window.webContents);
    quickChat = createQuickChat(preload, () => quitting);
    bridge.attach(quickChat.window.webContents);
    const shortcut = quickChatShortcutSetting.read(settings);
    quickChat.useShortcut(shortcut);
    installAppMenu(menuActions, shortcut, menuTexts(languageSetting.read(settings)));
  });
}
