import Conf from "conf";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keyFileCipher } from "../../../electron/services/vault/key-file-cipher.ts";
import { BUILT_IN_PROFILE_NAME, ProfileVault } from "../../../electron/services/vault/profile-vault.ts";
import { tempDir } from "../../support/local-gateway.ts";

const SECRET = "sk-live-THIS-IS-THE-SECRET-9z8y";

function vaultIn(dir: string) {
  const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: "settings", projectName: "modeldesk-test" });
  const vault = new ProfileVault(
    { get: (key) => conf.get(key), set: (key, value) => conf.set(key, value) },
    keyFileCipher(join(dir, "secret.key")),
  );
  return { vault, settingsFile: conf.path };
}

const allFilesText = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString("latin1"))
    .join("\n");

describe("the key file cipher", () => {
  it("round-trips, uses a fresh IV each time and refuses tampered ciphertext", () => {
    const dir = tempDir("vault-");
    const cipher = keyFileCipher(join(dir, "secret.key"));
    const first = cipher.encrypt(SECRET);
    const second = cipher.encrypt(SECRET);
    expect(first).not.toBe(second);
    expect(cipher.decrypt(first)).toBe(SECRET);
    expect(keyFileCipher(join(dir, "secret.key")).decrypt(second)).toBe(SECRET);
    const tampered = Buffer.from(first, "base64");
    tampered[tampered.length - 1]! ^= 1;
    expect(() => cipher.decrypt(tampered.toString("base64"))).toThrow();
    expect(statSync(join(dir, "secret.key")).mode & 0o777).toBe(0o600);
  });
});

const LOCAL_MODELS = { chat: ["chat-fast"], search: ["web-search"], image: ["image-fast"], video: ["video-std"] };

describe("the profile vault", () => {
  it("stores keys only as ciphertext and shows only a hint", () => {
    const dir = tempDir("vault-");
    const { vault } = vaultIn(dir);
    const view = vault.save({ name: "Work", baseUrl: "https://gateway.example.com", auth: "x-api-key", key: SECRET });
    expect(view).toMatchObject({ name: "Work", hasKey: true, keyHint: "…8y", builtIn: false, rpm: 60 });
    expect(JSON.stringify(vault.state())).not.toContain(SECRET);
    expect(allFilesText(dir)).not.toContain(SECRET);
    expect(allFilesText(dir)).not.toContain(SECRET.slice(3, 20));
    expect(vault.credentials(view.id)).toEqual({
      baseUrl: "https://gateway.example.com",
      auth: "x-api-key",
      key: SECRET,
      rpm: 60,
    });
  });

  it("keeps the stored key when saved without one, and replaces it when given", () => {
    const { vault } = vaultIn(tempDir("vault-"));
    const view = vault.save({ name: "Work", baseUrl: "https://g.example.com", auth: "bearer", key: SECRET });
    vault.save({ id: view.id, name: "Work 2", baseUrl: "https://g.example.com", auth: "bearer" });
    expect(vault.credentials(view.id).key).toBe(SECRET);
    vault.save({
      id: view.id,
      name: "Work 2",
      baseUrl: "https://g.example.com",
      auth: "bearer",
      key: "sk-another-key-1234",
    });
    expect(vault.credentials(view.id).key).toBe("sk-another-key-1234");
    expect(vault.state().profiles[0]!.keyHint).toBe("…34");
  });

  it("creates the built-in profile once, active, and keeps its address current", () => {
    const dir = tempDir("vault-");
    const { vault } = vaultIn(dir);
    vault.ensureBuiltInProfile("http://127.0.0.1:1111", "sk-local-aaaa", LOCAL_MODELS);
    expect(vault.state()).toMatchObject({
      activeId: "local-gateway",
      profiles: [{ name: BUILT_IN_PROFILE_NAME, builtIn: true }],
    });
    const other = vault.save({ name: "Other", baseUrl: "https://o.example.com", auth: "bearer", key: SECRET });
    vault.select(other.id);
    const reopened = vaultIn(dir).vault;
    reopened.ensureBuiltInProfile("http://127.0.0.1:2222", "sk-local-aaaa", LOCAL_MODELS);
    expect(reopened.state().activeId).toBe(other.id);
    expect(reopened.state().profiles.map((profile) => profile.baseUrl)).toEqual([
      "http://127.0.0.1:2222",
      "https://o.example.com",
    ]);
  });

  it("keeps each profile's video limits and maximum wait, with the gateway's defaults", () => {
    const { vault } = vaultIn(tempDir("vault-"));
    const plain = vault.save({ name: "Plain", baseUrl: "https://p.example.com", auth: "bearer", key: SECRET });
    expect(vault.taskSettings(plain.id)).toEqual({
      videoLimits: { concurrent: 2, perMinute: 5, perDay: 100 },
      maxWaitMs: 15 * 60_000,
    });
    const tuned = vault.save({
      name: "Tuned",
      baseUrl: "https://t.example.com",
      auth: "bearer",
      key: SECRET,
      videoLimits: { concurrent: 4, perMinute: 10, perDay: 500 },
      maxWaitMinutes: 45,
    });
    expect(vault.taskSettings(tuned.id)).toEqual({
      videoLimits: { concurrent: 4, perMinute: 10, perDay: 500 },
      maxWaitMs: 45 * 60_000,
    });
    expect(tuned).toMatchObject({ videoLimits: { concurrent: 4 }, maxWaitMinutes: 45 });
  });

  it("refuses what would lose data: a new profile without key, removing the last profile", () => {
    const { vault } = vaultIn(tempDir("vault-"));
    expect(() => vault.save({ name: "No key", baseUrl: "https://g.example.com", auth: "bearer" })).toThrow(/API key/);
    const only = vault.save({ name: "Only", baseUrl: "https://g.example.com", auth: "bearer", key: SECRET });
    expect(() => vault.remove(only.id)).toThrow(/at least one profile/);
  });

  it("names its profiles and knows which exist, without a key in what it returns", () => {
    const { vault } = vaultIn(tempDir("vault-"));
    const first = vault.save({ name: "First", baseUrl: "https://g.example.com", auth: "bearer", key: SECRET });
    const second = vault.save({ name: "Second", baseUrl: "https://h.example.com", auth: "bearer", key: SECRET });
    expect(vault.names()).toEqual([
      { id: first.id, name: "First" },
      { id: second.id, name: "Second" },
    ]);
    expect(vault.has(first.id)).toBe(true);
    vault.remove(first.id);
    expect(vault.has(first.id)).toBe(false);
    expect(vault.has(second.id)).toBe(true);
    expect(vault.names()).toEqual([{ id: second.id, name: "Second" }]);
  });

  it("says so when a key cannot be decrypted any more", () => {
    const dir = tempDir("vault-");
    const { vault } = vaultIn(dir);
    const view = vault.save({ name: "Work", baseUrl: "https://g.example.com", auth: "bearer", key: SECRET });
    const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: "settings", projectName: "modeldesk-test" });
    const elsewhere = new ProfileVault(
      { get: (key) => conf.get(key), set: (key, value) => conf.set(key, value) },
      keyFileCipher(join(tempDir("other-"), "secret.key")),
    );
    expect(elsewhere.state().profiles[0]).toMatchObject({ hasKey: false, keyHint: null });
    expect(() => elsewhere.credentials(view.id)).toThrow(/cannot be decrypted/);
  });

  it.each([
    ["another origin", { baseUrl: "https://attacker.example.net/v1" }],
    ["a look-alike origin", { baseUrl: "https://g.example.com.evil.net" }],
    ["another port", { baseUrl: "https://g.example.com:8443" }],
    ["plain http", { baseUrl: "http://g.example.com" }],
    ["another auth mode", { auth: "x-api-key" }],
  ])(
    "never hands a key to %s written into the settings file behind its back: the key stays bound where it was saved",
    (_, edit) => {
      const dir = tempDir("vault-");
      const { vault, settingsFile } = vaultIn(dir);
      const view = vault.save({ name: "Work", baseUrl: "https://g.example.com", auth: "bearer", key: SECRET });
      const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as { profiles: Record<string, unknown>[] };
      Object.assign(settings.profiles[0]!, edit);
      writeFileSync(settingsFile, JSON.stringify(settings));
      expect(() => vault.credentials(view.id)).toThrow(expect.objectContaining({ code: "KEY_MISSING" }));
    },
  );

  it("hands the key to the origin and auth mode it was saved for", () => {
    const { vault } = vaultIn(tempDir("vault-"));
    const view = vault.save({ name: "Work", baseUrl: "https://g.example.com/v1", auth: "bearer", key: SECRET });
    expect(vault.credentials(view.id)).toMatchObject({
      baseUrl: "https://g.example.com/v1",
      auth: "bearer",
      key: SECRET,
    });
  });
});
