import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emitAppEvent } from "../../support/electron-stand-in/recording.ts";
import { startMain, type StartedMain } from "./start-main.ts";

let main: StartedMain;
beforeAll(async () => {
  main = await startMain();
  // A window gets main's events once its page has called main; the main view asks for app.info first.
  await main.invoke("app.info", undefined);
});
afterAll(() => main.quit());

/** A call from the quick chat window's page, as its preload would make it. */
const invokeFromQuick = (channel: Parameters<StartedMain["invoke"]>[0], payload: unknown) =>
  main.invoke(channel, payload, { contents: main.quickWindow.webContents, frameUrl: "app://modeldesk/quick" });

function menuItem(label: string): Electron.MenuItemConstructorOptions | undefined {
  const menu = main.recording.applicationMenus.at(-1) ?? [];
  const items = menu.flatMap((entry) => (Array.isArray(entry.submenu) ? entry.submenu : []));
  return items.find((item) => item.label === label);
}

const clickMenuItem = (label: string) =>
  // Main's click handlers ignore their arguments; Electron would pass the item, window and event.
  (menuItem(label)?.click as (() => void) | undefined)?.();

describe("quick chat", () => {
  test("is a hidden, always-on-top window outside the taskbar until its shortcut is pressed", () => {
    expect(main.quickWindow.options).toMatchObject({ alwaysOnTop: true, skipTaskbar: true, show: false });
    expect(main.quickWindow.isVisible()).toBe(false);
  });

  test("Ctrl/Cmd+Shift+Space shows and focuses it, and hides it again when pressed while it has focus", () => {
    const toggle = main.recording.globalShortcuts.get("CommandOrControl+Shift+Space");
    expect(toggle).toBeTypeOf("function");
    toggle?.();
    expect(main.quickWindow.isVisible()).toBe(true);
    expect(main.quickWindow.isFocused()).toBe(true);
    toggle?.();
    expect(main.quickWindow.isVisible()).toBe(false);
  });

  test("its page talks to main through the same bridge, and Esc's app.hideQuickChat hides it", async () => {
    main.recording.globalShortcuts.get("CommandOrControl+Shift+Space")?.();
    expect(await invokeFromQuick("app.hideQuickChat", undefined)).toEqual({ ok: true, data: { hidden: true } });
    expect(main.quickWindow.isVisible()).toBe(false);
  });

  test("closing it only hides it, so the next press opens it at once", () => {
    main.quickWindow.show();
    const close = { prevented: false, preventDefault: () => void (close.prevented = true) };
    main.quickWindow.emit("close", close);
    expect(close.prevented).toBe(true);
    expect(main.quickWindow.isVisible()).toBe(false);
  });

  test("Open in ModelDesk hides it, brings the main window forward and opens the conversation there", async () => {
    const created = await invokeFromQuick("chat.create", undefined);
    const conversationId = (created as { data: { id: string } }).data.id;
    main.quickWindow.show();
    main.mainWindow.hide();
    expect(await invokeFromQuick("app.openConversation", { conversationId })).toEqual({
      ok: true,
      data: { opened: true },
    });
    expect(main.quickWindow.isVisible()).toBe(false);
    expect(main.mainWindow.isVisible()).toBe(true);
    expect(main.window.sent).toContainEqual({ channel: "app.openPane", payload: { pane: "chat", conversationId } });
  });

  test("the shortcut can be changed in Settings: the new one is taken, the old one freed, the menu shows it", async () => {
    expect(await main.invoke("app.setQuickChatShortcut", { shortcut: "CommandOrControl+Alt+K" })).toEqual({
      ok: true,
      data: { shortcut: "CommandOrControl+Alt+K", registered: true },
    });
    expect([...main.recording.globalShortcuts.keys()]).toEqual(["CommandOrControl+Alt+K"]);
    expect(menuItem("Quick chat")?.accelerator).toBe("CommandOrControl+Alt+K");
    expect(await main.invoke("app.quickChatShortcut", undefined)).toEqual({
      ok: true,
      data: { shortcut: "CommandOrControl+Alt+K", registered: true },
    });
  });

  test("a shortcut another application holds is refused and the working one stays", async () => {
    main.recording.shortcutsTakenElsewhere.add("CommandOrControl+Alt+T");
    expect(await main.invoke("app.setQuickChatShortcut", { shortcut: "CommandOrControl+Alt+T" })).toMatchObject({
      ok: false,
      error: { code: "SHORTCUT_TAKEN" },
    });
    expect([...main.recording.globalShortcuts.keys()]).toEqual(["CommandOrControl+Alt+K"]);
    expect(await main.invoke("app.quickChatShortcut", undefined)).toMatchObject({
      data: { shortcut: "CommandOrControl+Alt+K" },
    });
  });

  test("a shortcut without a modifier is refused before it reaches the system", async () => {
    expect(await main.invoke("app.setQuickChatShortcut", { shortcut: "Space" })).toMatchObject({ ok: false });
    expect([...main.recording.globalShortcuts.keys()]).toEqual(["CommandOrControl+Alt+K"]);
  });
});

describe("the application menu", () => {
  test("has New chat, Quick chat, Settings and Quit, then the standard Edit, View (zoom) and Window menus", () => {
    expect(menuItem("New chat")?.accelerator).toBe("CommandOrControl+N");
    expect(menuItem("Settings…")?.accelerator).toBe("CommandOrControl+,");
    const menu = main.recording.applicationMenus.at(-1) ?? [];
    expect(menu.map((entry) => entry.role ?? entry.label)).toEqual([
      expect.any(String),
      "editMenu",
      "View",
      "windowMenu",
    ]);
    const roles = menu.flatMap((entry) => (Array.isArray(entry.submenu) ? entry.submenu : [])).map((item) => item.role);
    expect(roles).toEqual(expect.arrayContaining(["quit", "zoomIn", "zoomOut", "resetZoom"]));
  });

  test("New chat and Settings… show the main window and tell its page", () => {
    main.mainWindow.hide();
    clickMenuItem("New chat");
    expect(main.mainWindow.isVisible()).toBe(true);
    expect(main.window.sent).toContainEqual({ channel: "app.newChat", payload: {} });
    clickMenuItem("Settings…");
    expect(main.window.sent).toContainEqual({ channel: "app.openPane", payload: { pane: "settings" } });
  });

  test("Quick chat toggles the quick chat window", () => {
    clickMenuItem("Quick chat");
    expect(main.quickWindow.isVisible()).toBe(true);
    clickMenuItem("Quick chat");
    expect(main.quickWindow.isVisible()).toBe(false);
  });
});

describe("single instance", () => {
  test("a second launch brings the existing main window forward", () => {
    main.mainWindow.minimized = true;
    main.mainWindow.hide();
    emitAppEvent("second-instance", {}, [], "");
    expect(main.mainWindow.isMinimized()).toBe(false);
    expect(main.mainWindow.isVisible()).toBe(true);
    expect(main.mainWindow.isFocused()).toBe(true);
  });
});
