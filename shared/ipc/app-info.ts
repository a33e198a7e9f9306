import { z } from "zod";

/**
 * Where keys are kept: the OS keychain through Electron's safeStorage, Linux's `basic_text`
 * fallback (obfuscation only), or the web host's key file.
 */
export const KeyStorageSchema = z.enum(["os-keychain", "basic-text", "key-file"]);
export type KeyStorage = z.infer<typeof KeyStorageSchema>;

export const AppInfoSchema = z.object({
  version: z.string(),
  host: z.enum(["electron", "web"]),
  platform: z.string(),
  keyStorage: KeyStorageSchema,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;
