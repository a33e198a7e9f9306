import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { errorCode } from "../../common/error-code.ts";
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
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
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

/**
 * The key file's key, made on first use. Created with `wx` rather than after a check that it is
 * missing: a second copy of the app starting at the same moment reads the first one's key instead
 * of replacing it (which would leave the first one's secrets unreadable).
 */
function loadOrCreateKey(keyFile: string): Buffer {
  mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_FILE_BYTES);
  try {
    // Stryker disable next-line ObjectLiteral: the chmod below gives the same mode; this closes the moment before it
    writeFileSync(keyFile, key, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
    return existingKey(keyFile);
  }
  // The umask may have taken the owner's own bits away.
  chmodSync(keyFile, 0o600);
  return key;
}

function existingKey(keyFile: string): Buffer {
  // Copied or restored with looser permissions, other users could read it: made private again.
  chmodSync(keyFile, 0o600);
  const key = readFileSync(keyFile);
  if (key.length !== KEY_FILE_BYTES)
    throw new Error(`The key file ${keyFile} is damaged (expected ${KEY_FILE_BYTES} bytes).`);
  return key;
}
