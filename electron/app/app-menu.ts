import { Menu, type MenuItemConstructorOptions } from "electron";
import type { MenuTexts } from "../services/desktop/desktop-texts.ts";

interface MenuActions {
  newChat(): void;
  quickChat(): void;
  openSettings(): void;
}

/**
 * The application menu: the app's own commands with their shortcuts (the renderer's Ctrl/Cmd+N and
 * Ctrl/Cmd+, answer the same keys when the menu is hidden), then the standard Edit, View and
 * Window menus Electron builds from roles.
 */
function appMenuTemplate(
  actions: MenuActions,
  quickChatShortcut: string,
  texts: MenuTexts,
): MenuItemConstructorOptions[] {
  const appItems: MenuItemConstructorOptions[] = [
    { label: texts.newChat, accelerator: "CommandOrControl+N", click: actions.newChat },
    // Shown, not registered: the global shortcut works even when the app is in the background.
    { label: texts.quickChat, accelerator: quickChatShortcut, registerAccelerator: false, click: actions.quickChat },
    { type: "separator" },
    { label: texts.settings, accelerator: "CommandOrControl+,", click: actions.openSettings },
    { type: "separator" },
    { role: "quit" },
  ];
  return [
    { label: process.platform === "darwin" ? "ModelDesk" : texts.file, submenu: appItems },
    { role: "editMenu" },
    {
      label: texts.view,
      submenu: [
        { role: "resetZoom" },
        { role: "zoomIn" },
        { role: "zoomOut" },
        { type: "separator" },
        { role: "togglefullscreen" },
      ],
    },
    { role: "windowMenu" },
  ];
}

export function installAppMenu(actions: MenuActions, quickChatShortcut: string, texts: MenuTexts): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(actions, quickChatShortcut, texts)));
}
