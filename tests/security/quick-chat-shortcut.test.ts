import { describe, expect, it } from "vitest";
import { DEFAULT_QUICK_CHAT_SHORTCUT, QuickChatShortcutSchema } from "../../shared/ipc/desktop.ts";
import { en } from "../../renderer/src/i18n/en.ts";
import { translate } from "../../shared/text/app-texts.ts";

const accepts = (shortcut: string) => QuickChatShortcutSchema.safeParse({ shortcut }).success;

describe("the quick-chat shortcut, which a desktop app takes system-wide", () => {
  it.each([
    ["typing: a letter with Shift", "Shift+A"],
    ["typing: a letter with Option (å on a Mac)", "Alt+A"],
    ["typing: Shift and Option", "Alt+Shift+K"],
    ["typing: AltGr", "AltGr+E"],
    ["typing: AltGr with Control", "Control+AltGr+E"],
    ["copy", "Control+C"],
    ["paste", "CommandOrControl+V"],
    ["paste, short spelling", "CmdOrCtrl+v"],
    ["cut", "Command+X"],
    ["undo", "Control+Z"],
    ["redo", "CommandOrControl+Shift+Z"],
    ["redo, other spelling", "Control+Y"],
    ["select all", "Control+A"],
    ["paste as plain text", "Control+Shift+V"],
    ["copy in a terminal", "Control+Shift+C"],
    ["paste with Alt", "Control+Alt+V"],
    ["select a word", "Control+Shift+Left"],
    ["delete a word", "Control+Backspace"],
    ["the system's own", "Control+Alt+Delete"],
    ["switch tabs", "Control+Shift+Tab"],
    ["an application chord: save", "Control+S"],
    ["an application chord: new", "CommandOrControl+N"],
    ["no modifier", "Space"],
    ["a modifier alone", "Control+Shift"],
  ])("refuses %s (%s)", (_name, shortcut) => {
    expect(accepts(shortcut)).toBe(false);
  });

  it.each([
    DEFAULT_QUICK_CHAT_SHORTCUT,
    "CommandOrControl+Alt+K",
    "Control+Shift+Space",
    "Super+Shift+M",
    "Control+F5",
  ])("accepts %s", (shortcut) => {
    expect(accepts(shortcut)).toBe(true);
  });

  it("says what it wants, in the form and from main", () => {
    const issue = QuickChatShortcutSchema.safeParse({ shortcut: "Control+C" }).error?.issues[0];
    expect(issue?.message).toBe("SHORTCUT_INVALID");
    const sentence = translate("en", { code: "SHORTCUT_INVALID", params: {} });
    expect(sentence).toBe(en.desktop.shortcutInvalid);
    expect(sentence).toContain("CommandOrControl+Shift+Space");
    expect(sentence).toContain("Control+C");
  });
});
