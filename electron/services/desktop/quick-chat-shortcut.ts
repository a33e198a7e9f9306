import { DEFAULT_QUICK_CHAT_SHORTCUT, QuickChatShortcutSchema } from "../../../shared/ipc/desktop.ts";
import { typedSetting } from "../vault/typed-setting.ts";

/** The accelerator that toggles the quick chat window. */
export const quickChatShortcutSetting = typedSetting(
  "quickChatShortcut",
  QuickChatShortcutSchema.shape.shortcut,
  DEFAULT_QUICK_CHAT_SHORTCUT,
);
