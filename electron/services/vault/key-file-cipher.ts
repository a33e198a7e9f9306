import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { SecretCipher } from "./secret-cipher.ts";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** An AES-256 key. */
export const KEY_FILE_BYTES = 32;

/**
 * AES-256-GCM with a random key kept in a file only its owner can read (mode 0600): the web
 * host's stand-in for the OS keychain. Ciphertext is base64 of iv | tag | data.
 */
export function keyFileCipher(keyFile: string): SecretCipher {
  const key = loadOrCreateKey(keyFile);
  return {
    storage: "key-file",
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64");
    },
    decrypt(ciphertext) {
      const bytes = Buffer.from(ciphertext, "base64");
      // A fixed tag length: GCM would otherwise accept a tag cut to 4 bytes, which is easy to forge.
      const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    },
  };
}

function loadOrCreateKey(keyFile: string): Buffer {
  if (existsSync(keyFile)) {
    // Copied or restored with looser permissions: other users could read it, so it is made private again.
    if ((statSync(keyFile).mode & 0o077) !== 0) chmodSync(keyFile, 0o600);
    const key = readFileSync(keyFile);
    if (key.length !== KEY_FILE_BYTES)
      throw new Error(`The key file ${keyFile} is damaged (expected ${KEY_FILE_BYTES} bytes).`);
    return key;
  }
  mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_FILE_BYTES);
  writeFileSync(keyFile, key, { mode: 0o600, flag: "wx" });
  chmodSync(keyFile, 0o600);
  return key;
}
