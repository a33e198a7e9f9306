import { safeStorage } from "electron";
import type { SecretCipher } from "../services/vault/secret-cipher.ts";

/** Keys encrypted by the OS keychain through safeStorage; Linux without a keyring falls back to `basic_text`. */
export function safeStorageCipher(): SecretCipher {
  const backend = process.platform === "linux" ? safeStorage.getSelectedStorageBackend() : "os";
  return {
    storage: backend === "basic_text" || !safeStorage.isEncryptionAvailable() ? "basic-text" : "os-keychain",
    encrypt: (plaintext) => safeStorage.encryptString(plaintext).toString("base64"),
    decrypt: (ciphertext) => safeStorage.decryptString(Buffer.from(ciphertext, "base64")),
  };
}
