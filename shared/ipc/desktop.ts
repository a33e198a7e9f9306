import { z } from "zod";
import { invalid } from "../text/validation-code.ts";

const MODIFIERS = new Set([
  "Command",
  "Cmd",
  "Control",
  "Ctrl",
  "CommandOrControl",
  "CmdOrCtrl",
  "Alt",
  "Option",
  "AltGr",
  "Shift",
  "Super",
  "Meta",
]);
const NAMED_KEYS = new Set([
  "Plus",
  "Space",
  "Tab",
  "Backspace",
  "Delete",
  "Insert",
  "Return",
  "Enter",
  "Up",
  "Down",
  "Left",
  "Right",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "Escape",
  "Esc",
  "PrintScreen",
]);
const SINGLE_KEY = /^(?:[A-Z0-9]|F(?:[1-9]|1\d|2[0-4])|[)!@#$%^&*(:;<=>?,_.\-/`~[\]\\|{}'"])$/;

/** An Electron accelerator with at least one modifier, e.g. `CommandOrControl+Shift+Space`. */
export function isGlobalAccelerator(value: string): boolean {
  const parts = value.split("+");
  const key = parts.at(-1) ?? "";
  const modifiers = parts.slice(0, -1);
  if (modifiers.length === 0 || new Set(modifiers).size !== modifiers.length) return false;
  if (!modifiers.every((part) => MODIFIERS.has(part))) return false;
  return NAMED_KEYS.has(key) || SINGLE_KEY.test(key.toUpperCase());
}

export const DEFAULT_QUICK_CHAT_SHORTCUT = "CommandOrControl+Shift+Space";

export const QuickChatShortcutSchema = z.object({
  shortcut: z.string().trim().max(60).refine(isGlobalAccelerator, invalid("SHORTCUT_INVALID")),
});

/** The shortcut, and whether the desktop took it (null where there is no global shortcut: the web host). */
export const QuickChatShortcutStateSchema = z.object({
  shortcut: z.string(),
  registered: z.boolean().nullable(),
});
export type QuickChatShortcutState = z.infer<typeof QuickChatShortcutStateSchema>;

/** Main asks the window to open a conversation (quick chat's Open in ModelDesk). */
export const OpenConversationSchema = z.object({ conversationId: z.string().min(1).max(200) });

/** Where the quick chat view is served: `app://modeldesk/quick` in the app, `/quick` in the web host. */
export const QUICK_CHAT_PATH = "/quick";
