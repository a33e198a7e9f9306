import type * as ElectronModule from "electron";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { BrowserWindowStandIn } from "./browser-window-stand-in.ts";
import { Listeners, type Listener } from "./listeners.ts";
import { electronRecording } from "./recording.ts";

type Electron = typeof ElectronModule;

/**
 * Loaded in place of `electron` (see register-electron-stand-in.ts). It records what main asks
 * for and answers the few questions main needs answered; it emulates nothing else. Parameters are
 * typed from Electron's own declarations and the objects checked with `satisfies` against them, so
 * a changed API fails to compile here rather than pass unnoticed.
 */
const recording = electronRecording();

export const app = {
  on(event: string, listener: Listener) {
    recording.appListeners.add(event, listener);
    return app;
  },
  whenReady: () => Promise.resolve(),
  requestSingleInstanceLock: () => true,
  quit() {
    recording.quitRequested = true;
  },
  getPath: (name: Parameters<Electron["app"]["getPath"]>[0]) => {
    if (name !== "userData") throw new Error(`The stand-in knows only userData, not ${name}`);
    return recording.userData;
  },
  getVersion: () => "0.0.0-stand-in",
} satisfies Partial<Record<keyof Electron["app"], unknown>> &
  Pick<Electron["app"], "whenReady" | "requestSingleInstanceLock" | "quit" | "getPath" | "getVersion">;

export const protocol = {
  registerSchemesAsPrivileged(schemes: Electron.CustomScheme[]) {
    recording.privilegedSchemes.push(...schemes);
  },
  handle(scheme: string, handler: Parameters<Electron.Protocol["handle"]>[1]) {
    recording.protocolHandlers.set(scheme, handler);
  },
} satisfies Pick<Electron["protocol"], "registerSchemesAsPrivileged" | "handle">;

export const net = {
  /** Node's fetch cannot read file: URLs, which is how main serves files; those are read here. */
  async fetch(input: string | Request, init?: RequestInit) {
    const url = typeof input === "string" ? input : input.url;
    if (url.startsWith("file:")) return new Response(await readFile(fileURLToPath(url)));
    return fetch(input, init);
  },
} satisfies Pick<Electron["net"], "fetch">;

export const ipcMain = {
  handle(channel: string, handler: Parameters<Electron.IpcMain["handle"]>[1]) {
    recording.ipcHandlers.set(channel, handler);
  },
  // electron-store answers its renderer-side helper here; main's own code never listens.
  on: () => ipcMain,
} satisfies Pick<Electron["ipcMain"], "handle"> & Partial<Record<keyof Electron["ipcMain"], unknown>>;

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: Parameters<Electron.Session["setPermissionRequestHandler"]>[0]) {
      recording.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: Parameters<Electron.Session["setPermissionCheckHandler"]>[0]) {
      recording.permissionCheckHandler = handler;
    },
  } satisfies Pick<Electron.Session, "setPermissionRequestHandler" | "setPermissionCheckHandler">,
};

/** A sealed form that is plainly not the plaintext, and that decrypts only what it sealed. */
const SEAL = "stand-in-sealed:";

export const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => "gnome_libsecret" as const,
  encryptString(plaintext: string) {
    recording.encryptedPlaintexts.push(plaintext);
    return Buffer.from(SEAL + Buffer.from(plaintext).reverse().toString("hex"));
  },
  decryptString(encrypted: Buffer) {
    const text = encrypted.toString();
    if (!text.startsWith(SEAL)) throw new Error("Not sealed by this safeStorage");
    return Buffer.from(text.slice(SEAL.length), "hex").reverse().toString();
  },
} satisfies Pick<
  Electron["safeStorage"],
  "isEncryptionAvailable" | "getSelectedStorageBackend" | "encryptString" | "decryptString"
>;

export const BrowserWindow = BrowserWindowStandIn;

export class Notification {
  private readonly title: string;
  private readonly listeners = new Listeners();

  constructor(options: Electron.NotificationConstructorOptions) {
    recording.notifications.push(options);
    this.title = options.title ?? "";
  }

  on(event: string, listener: Listener): this {
    this.listeners.add(event, listener);
    return this;
  }

  show(): void {
    recording.shownNotifications.push({ title: this.title, click: () => this.listeners.emit("click") });
  }
}

export class Tray {
  on(): this {
    return this;
  }
  setContextMenu(menu: { template: Electron.MenuItemConstructorOptions[] }): void {
    recording.trayMenus.push(menu.template);
  }
  setToolTip(tooltip: string): void {
    recording.trayTooltips.push(tooltip);
  }
  setTitle(): void {}
}

export const Menu = {
  buildFromTemplate: (template: Electron.MenuItemConstructorOptions[]) => ({ template }),
  setApplicationMenu(menu: { template: Electron.MenuItemConstructorOptions[] }) {
    recording.applicationMenus.push(menu.template);
  },
};

export const globalShortcut = {
  register(accelerator: string, callback: () => void) {
    if (recording.shortcutsTakenElsewhere.has(accelerator)) return false;
    recording.globalShortcuts.set(accelerator, callback);
    return true;
  },
  unregister(accelerator: string) {
    recording.globalShortcuts.delete(accelerator);
  },
  isRegistered: (accelerator: string) => recording.globalShortcuts.has(accelerator),
  unregisterAll() {
    recording.globalShortcuts.clear();
  },
} satisfies Pick<Electron["globalShortcut"], "register" | "unregister" | "isRegistered" | "unregisterAll">;

export const screen = {
  getAllDisplays: () => recording.displayWorkAreas.map((workArea) => ({ workArea })),
};

const image = { resize: () => image };
export const nativeImage = { createFromPath: () => image };

export const shell = {
  async openExternal(url: string) {
    recording.openedExternally.push(url);
  },
} satisfies Pick<Electron["shell"], "openExternal">;

export const dialog = {
  showMessageBoxSync(options: Electron.MessageBoxSyncOptions): number {
    recording.messageBoxes.push(options);
    const answer = recording.messageBoxAnswers.shift();
    if (answer === undefined) throw new Error(`main asked, and the test gave no answer: ${options.message}`);
    return answer;
  },
};

// electron-store reads `app` and `ipcMain` from the default export, as from Electron's CommonJS module.
export default { app, protocol, net, ipcMain, session, safeStorage, BrowserWindow, Notification, Tray, Menu };
