import { describe, expect, it } from "vitest";
import { rememberingKeys } from "../../../electron/services/vault/remembered-keys.ts";
import type { SecretCipher } from "../../../electron/services/vault/secret-cipher.ts";

/** A cipher that counts its decryptions and refuses ciphertexts starting with "bad". */
function countingCipher() {
  const decrypted: string[] = [];
  const cipher: SecretCipher = {
    storage: "key-file",
    encrypt: (plaintext) => `enc:${plaintext}`,
    decrypt(ciphertext) {
      decrypted.push(ciphertext);
      if (ciphertext.startsWith("bad")) throw new Error("unreadable");
      return ciphertext.replace(/^enc:/, "");
    },
  };
  return { cipher, decrypted };
}

describe("keys decrypted once", () => {
  it("decrypts each ciphertext once, a refusal every time, and lets the oldest go past sixteen", () => {
    const { cipher, decrypted } = countingCipher();
    const remembering = rememberingKeys(cipher);
    expect(remembering.encrypt("sk-1")).toBe("enc:sk-1");
    expect([remembering.decrypt("enc:sk-1"), remembering.decrypt("enc:sk-1")]).toEqual(["sk-1", "sk-1"]);
    expect(decrypted).toEqual(["enc:sk-1"]);
    expect(() => remembering.decrypt("bad")).toThrow("unreadable");
    expect(() => remembering.decrypt("bad")).toThrow("unreadable");
    expect(decrypted).toEqual(["enc:sk-1", "bad", "bad"]);
    for (let n = 2; n <= 17; n++) remembering.decrypt(`enc:sk-${n}`);
    decrypted.length = 0;
    remembering.decrypt("enc:sk-17");
    remembering.decrypt("enc:sk-1");
    expect(decrypted).toEqual(["enc:sk-1"]);
  });
});
