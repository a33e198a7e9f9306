import type { KeyStorage } from "../../../shared/ipc/app-info.ts";

/** Encrypts API keys before they are persisted: Electron's safeStorage in the app, a key file elsewhere. */
export interface SecretCipher {
  readonly storage: KeyStorage;
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
}
