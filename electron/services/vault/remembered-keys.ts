import type { SecretCipher } from "./secret-cipher.ts";

/** Keys kept decrypted: one per profile, with room for a few replaced since. */
const REMEMBERED = 16;

/**
 * A cipher that decrypts each ciphertext once: every reply asks for its profile's key, and each
 * decryption (the OS keychain in the app, a cipher context here) cost more than the rest of
 * starting the request. A key replaced has a new ciphertext; the oldest are let go past REMEMBERED.
 */
export function rememberingKeys(cipher: SecretCipher): SecretCipher {
  const decrypted = new Map<string, string>();
  return {
    storage: cipher.storage,
    encrypt: (plaintext) => cipher.encrypt(plaintext),
    decrypt(ciphertext) {
      const known = decrypted.get(ciphertext);
      if (known !== undefined) return known;
      const key = cipher.decrypt(ciphertext);
      decrypted.set(ciphertext, key);
      const [oldest] = decrypted.keys();
      if (decrypted.size > REMEMBERED && oldest !== undefined) decrypted.delete(oldest);
      return key;
    },
  };
}
