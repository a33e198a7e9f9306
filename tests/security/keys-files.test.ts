import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keyFileCipher } from "../../electron/services/vault/key-file-cipher.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir } from "../support/local-gateway.ts";

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every folder and file under `root`, with its permission bits. */
function modesUnder(root: string): { path: string; mode: number; folder: boolean }[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" }).map((name) => {
    const path = join(root, name);
    return { path, mode: modeOf(path), folder: statSync(path).isDirectory() };
  });
}

describe("files on disk are for their owner only", () => {
  it("the data directory is 0700 and everything in it 0600, including files left looser before", async () => {
    const gateway = await startTestGateway();
    const dataDir = join(tempDir("data-"), "modeldesk");
    mkdirSync(join(dataDir, "media"), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, "media", "old.png"), "png", { mode: 0o644 });
    chmodSync(join(dataDir, "media", "old.png"), 0o644);
    const services = await startServices(gateway.url, KEYS.main.key, dataDir);
    // A settings write replaces the file: it must come back private too.
    services.vault.select(services.vault.state().profiles[0]!.id);
    await services.close();
    await gateway.close();
    expect(modeOf(dataDir)).toBe(0o700);
    const entries = modesUnder(dataDir);
    expect(entries.map(({ path }) => path)).toContain(join(dataDir, "settings.json"));
    for (const entry of entries)
      expect({ path: entry.path, mode: entry.mode }).toEqual({ path: entry.path, mode: entry.folder ? 0o700 : 0o600 });
  });

  it("a key file readable by others is made private when loaded", () => {
    const keyFile = join(tempDir("keys-"), "secret.key");
    keyFileCipher(keyFile);
    chmodSync(keyFile, 0o644);
    keyFileCipher(keyFile);
    expect(modeOf(keyFile)).toBe(0o600);
  });

  it.each([0o000, 0o477])("a new key file is created 0600 and can be read again, whatever the umask (%o)", (umask) => {
    const keyFile = join(tempDir("keys-"), "fresh", "secret.key");
    const previous = process.umask(umask);
    let cipher;
    try {
      cipher = keyFileCipher(keyFile);
    } finally {
      process.umask(previous);
    }
    expect(modeOf(keyFile)).toBe(0o600);
    expect(cipher.storage).toBe("key-file");
    expect(keyFileCipher(keyFile).decrypt(cipher.encrypt("sk-round-trip"))).toBe("sk-round-trip");
  });

  it("text of every script round-trips, and two encryptions of it differ", () => {
    const cipher = keyFileCipher(join(tempDir("keys-"), "secret.key"));
    const text = "sk-密钥-ключ-🔑";
    expect(cipher.decrypt(cipher.encrypt(text))).toBe(text);
    expect(cipher.encrypt(text)).not.toBe(cipher.encrypt(text));
  });

  it.each([
    ["empty", Buffer.alloc(0)],
    ["cut short", Buffer.alloc(16, 1)],
    ["too long", Buffer.alloc(64, 1)],
  ])("a damaged key file (%s) is refused and left as it is, never replaced by a new key", (_, bytes) => {
    const keyFile = join(tempDir("keys-"), "secret.key");
    writeFileSync(keyFile, bytes, { mode: 0o600 });
    expect(() => keyFileCipher(keyFile)).toThrow(/damaged \(expected 32 bytes\)/);
    expect(readFileSync(keyFile)).toEqual(bytes);
  });

  it("a ciphertext whose authentication tag was cut short is refused (a 4-byte tag is forged in 2^32 tries)", () => {
    const cipher = keyFileCipher(join(tempDir("keys-"), "secret.key"));
    const whole = Buffer.from(cipher.encrypt(""), "base64");
    const cutTag = whole.subarray(0, 12 + 4).toString("base64");
    expect(() => cipher.decrypt(cutTag)).toThrow();
  });
});
