import { z } from "zod";
import { invalid } from "../text/validation-code.ts";
import { isGlobalAccelerator } from "./global-accelerator.ts";

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
