import { Listeners } from "./listeners.ts";
import type { BrowserWindowStandIn } from "./browser-window-stand-in.ts";
import type { WebContentsStandIn } from "./web-contents-stand-in.ts";

/** Everything main asked of Electron, in the order it asked. */
export interface ElectronRecording {
  userData: string;
  readonly appListeners: Listeners;
  readonly privilegedSchemes: Electron.CustomScheme[];
  readonly protocolHandlers: Map<string, Parameters<Electron.Protocol["handle"]>[1]>;
  readonly ipcHandlers: Map<string, Parameters<Electron.IpcMain["handle"]>[1]>;
  readonly windowOptions: Electron.BrowserWindowConstructorOptions[];
  readonly loadedUrls: string[];
  readonly windows: BrowserWindowStandIn[];
  readonly webContents: WebContentsStandIn[];
  permissionRequestHandler: Parameters<Electron.Session["setPermissionRequestHandler"]>[0];
  permissionCheckHandler: Parameters<Electron.Session["setPermissionCheckHandler"]>[0];
  readonly encryptedPlaintexts: string[];
  readonly notifications: Electron.NotificationConstructorOptions[];
  readonly shownNotifications: { title: string; click(): void }[];
  readonly trayTooltips: string[];
  readonly trayMenus: Electron.MenuItemConstructorOptions[][];
  readonly openedExternally: string[];
  readonly applicationMenus: Electron.MenuItemConstructorOptions[][];
  readonly globalShortcuts: Map<string, () => void>;
  /** Accelerators another application holds: registering them fails. */
  readonly shortcutsTakenElsewhere: Set<string>;
  readonly displayWorkAreas: Electron.Rectangle[];
  quitRequested: boolean;
  lastWebContentsId: number;
  /** Message boxes main showed, and the buttons the test has the user press, in order. */
  readonly messageBoxes: Electron.MessageBoxSyncOptions[];
  readonly messageBoxAnswers: number[];
}

declare global {
  var modeldeskElectronRecording: ElectronRecording | undefined;
}

/**
 * One recording per process, on globalThis: main and electron-store load the stand-in through
 * Node's loader while the tests load it through Vitest's, and both must see the same calls.
 */
export function electronRecording(): ElectronRecording {
  globalThis.modeldeskElectronRecording ??= {
    userData: "",
    appListeners: new Listeners(),
    privilegedSchemes: [],
    protocolHandlers: new Map(),
    ipcHandlers: new Map(),
    windowOptions: [],
    loadedUrls: [],
    windows: [],
    webContents: [],
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    encryptedPlaintexts: [],
    notifications: [],
    shownNotifications: [],
    trayTooltips: [],
    trayMenus: [],
    openedExternally: [],
    applicationMenus: [],
    globalShortcuts: new Map(),
    shortcutsTakenElsewhere: new Set(),
    displayWorkAreas: [{ x: 0, y: 0, width: 1920, height: 1080 }],
    quitRequested: false,
    lastWebContentsId: 0,
    messageBoxes: [],
    messageBoxAnswers: [],
  };
  return globalThis.modeldeskElectronRecording;
}

/** Calls every listener main registered on `app` for `event`, as Electron would emit it. */
export function emitAppEvent(event: string, ...args: unknown[]): void {
  electronRecording().appListeners.emit(event, ...args);
}
