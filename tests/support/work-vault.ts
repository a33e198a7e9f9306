import { ProfileVault } from "../../electron/services/vault/profile-vault.ts";
import type { SecretCipher } from "../../electron/services/vault/secret-cipher.ts";

type ModelLists = NonNullable<Parameters<ProfileVault["save"]>[0]["models"]>;

/** A vault whose settings live in memory and whose keys are kept as they are, holding one profile, "Work". */
export function workVault(models?: ModelLists) {
  const settings = new Map<string, unknown>();
  const cipher: SecretCipher = { storage: "key-file", encrypt: (text) => text, decrypt: (text) => text };
  const vault = new ProfileVault(
    { get: (key) => settings.get(key), set: (key, value) => settings.set(key, value) },
    cipher,
  );
  const profile = vault.save({
    name: "Work",
    baseUrl: "https://g.example.com",
    auth: "bearer",
    key: "sk-test-0123456789abcdef",
    ...(models ? { models } : {}),
  });
  return { vault, profile };
}
