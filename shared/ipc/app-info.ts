import { z } from "zod";
import { LanguageSchema } from "../text/languages.ts";

/**
 * Where keys are kept: the OS keychain through Electron's safeStorage, Linux's `basic_text`
 * fallback (obfuscation only), or the web host's key file.
 */
const KeyStorageSchema = z.enum(["os-keychain", "basic-text", "key-file"]);
export type KeyStorage = z.infer<typeof KeyStorageSchema>;

export const AppInfoSchema = z.object({
  version: z.string(),
  host: z.enum(["electron", "web"]),
  platform: z.string(),
  keyStorage: KeyStorageSchema,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** The window's language, which main's own notifications and tray speak too. */
export const LanguageChoiceSchema = z.object({ language: LanguageSchema });

export const PANES = ["chat", "images", "videos", "tasks", "budget", "settings"] as const;
const PaneSchema = z.enum(PANES);
export type Pane = z.infer<typeof PaneSchema>;

/**
 * Main asks the window to show a pane (the tray's Open Budget, the menu's Settings), and what in
 * it: the conversation or task a notification or quick chat is about.
 */
export const OpenPaneSchema = z.object({
  pane: PaneSchema,
  conversationId: z.string().min(1).max(200).optional(),
  taskId: z.string().min(1).max(200).optional(),
});
export type OpenPane = z.infer<typeof OpenPaneSchema>;
