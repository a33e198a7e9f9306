import { describe, expect, it } from "vitest";
import type { ProfileInput, ProfilesState } from "../../../shared/ipc/profiles.ts";
import type { SecretCipher } from "../../../electron/services/vault/secret-cipher.ts";
import {
  BUILT_IN_PROFILE_ID,
  BUILT_IN_PROFILE_NAME,
  ProfileVault,
} from "../../../electron/services/vault/profile-vault.ts";

const KEY = "sk-live-0123456789-abcdef";
const MODELS = { chat: ["chat-fast"], search: [], image: ["image-pro"], video: [] };

/** A vault over settings in memory and a cipher that says how often it encrypted. */
function vault() {
  const settings = new Map<string, unknown>();
  let sealed = 0;
  const cipher: SecretCipher = {
    storage: "key-file",
    encrypt: (plaintext) => `sealed:${++sealed}:${Buffer.from(plaintext).toString("base64")}`,
    decrypt: (ciphertext) => {
      const [tag, , payload] = ciphertext.split(":");
      if (tag !== "sealed" || payload === undefined) throw new Error("not ours");
      return Buffer.from(payload, "base64").toString();
    },
  };
  const profiles = new ProfileVault(
    { get: (key) => settings.get(key), set: (key, value) => settings.set(key, value) },
    cipher,
  );
  const stored = () => settings.get("profiles") as Record<string, unknown>[];
  return { vault: profiles, settings, stored, sealed: () => sealed };
}

const input = (name: string, extra: Partial<ProfileInput> = {}): ProfileInput => ({
  name,
  baseUrl: `https://${name.toLowerCase()}.example.com`,
  auth: "bearer",
  key: KEY,
  ...extra,
});

describe("what the vault tells without decrypting a key", () => {
  it("says a profile's RPM, Result origins and models, and nothing for a profile it does not have", () => {
    const { vault: profiles } = vault();
    const saved = profiles.save(input("Work", { rpm: 12, resultOrigins: ["http://files.lan:7000"], models: MODELS }));
    expect(profiles.rpmOf(saved.id)).toBe(12);
    expect(profiles.resultOriginsOf(saved.id)).toEqual(["http://files.lan:7000"]);
    expect(profiles.modelsOf(saved.id)).toEqual(MODELS);
    expect(profiles.rpmOf("gone")).toBeUndefined();
    expect(profiles.resultOriginsOf("gone")).toEqual([]);
    expect(profiles.modelsOf(null)).toBeNull();
  });

  it("gives a profile saved without settings the defaults: 60 RPM, no Result origins, http to others not allowed", () => {
    const { vault: profiles } = vault();
    const saved = profiles.save(input("Work"));
    expect(saved).toMatchObject({ rpm: 60, resultOrigins: [], allowInsecureHttp: false, models: {} });
    expect(profiles.resultOriginsOf(saved.id)).toEqual([]);
    expect(profiles.taskSettings("gone")).toEqual({
      videoLimits: { concurrent: 2, perMinute: 5, perDay: 100 },
      maxWaitMs: 15 * 60_000,
    });
  });

  it("reads a profile stored before limits, Result origins and key bindings existed with their defaults", () => {
    const { vault: profiles, settings } = vault();
    const old = profiles.save(input("Old"));
    const [stored] = settings.get("profiles") as Record<string, unknown>[];
    const {
      videoLimits: _limits,
      maxWaitMinutes: _wait,
      resultOrigins: _origins,
      keyBinding: _binding,
      allowInsecureHttp: _http,
      ...older
    } = stored!;
    settings.set("profiles", [older]);
    expect(profiles.state().profiles[0]).toMatchObject({
      videoLimits: { concurrent: 2, perMinute: 5, perDay: 100 },
      maxWaitMinutes: 15,
      resultOrigins: [],
      allowInsecureHttp: false,
    });
    // Without a stored binding the key is bound to the profile's own address.
    expect(profiles.credentials(old.id).key).toBe(KEY);
  });

  it("refuses a settings file whose profiles are not profiles, rather than reading it as empty", () => {
    const { vault: profiles, settings } = vault();
    settings.set("profiles", [{ name: "half a profile" }]);
    expect(() => profiles.state()).toThrow(expect.objectContaining({ code: "SETTINGS_INVALID" }));
  });
});

describe("saving a profile", () => {
  it("keeps what the form left out from the profile as it was: models, limits, wait, Result origins", () => {
    const { vault: profiles } = vault();
    const first = profiles.save(
      input("Work", {
        models: MODELS,
        rpm: 7,
        videoLimits: { concurrent: 3, perMinute: 4, perDay: 9 },
        maxWaitMinutes: 40,
        resultOrigins: ["http://files.lan:7000"],
        allowInsecureHttp: true,
      }),
    );
    const again = profiles.save({ id: first.id, name: "Work 2", baseUrl: first.baseUrl, auth: "bearer" });
    expect(again).toMatchObject({
      name: "Work 2",
      models: MODELS,
      rpm: 7,
      videoLimits: { concurrent: 3, perMinute: 4, perDay: 9 },
      maxWaitMinutes: 40,
      resultOrigins: ["http://files.lan:7000"],
      // Sending a key over plain http is confirmed each time it is saved.
      allowInsecureHttp: false,
      hasKey: true,
    });
    expect(profiles.state().profiles).toHaveLength(1);
  });

  it("adds a new profile after the others and replaces only the one saved again", () => {
    const { vault: profiles } = vault();
    const a = profiles.save(input("A"));
    const b = profiles.save(input("B"));
    profiles.save({ id: a.id, name: "A2", baseUrl: a.baseUrl, auth: "bearer" });
    expect(profiles.state().profiles.map(({ id, name }) => [id, name])).toEqual([
      [a.id, "A2"],
      [b.id, "B"],
    ]);
  });

  it("refuses to save under an id it does not have", () => {
    const { vault: profiles } = vault();
    profiles.save(input("A"));
    expect(() => profiles.save({ ...input("A"), id: "gone" })).toThrow(
      expect.objectContaining({ code: "PROFILE_NOT_FOUND" }),
    );
    expect(profiles.state().profiles).toHaveLength(1);
  });

  it("drops the key when the profile moves to another origin, so calls say it is missing", () => {
    const { vault: profiles } = vault();
    const saved = profiles.save(input("Work"));
    const moved = profiles.save({ id: saved.id, name: "Work", baseUrl: "https://else.example.com", auth: "bearer" });
    expect(moved).toMatchObject({ hasKey: false, keyHint: null });
    expect(() => profiles.credentials(saved.id)).toThrow(
      expect.objectContaining({ code: "KEY_MISSING", message: 'The profile "Work" has no API key.' }),
    );
  });

  it("tells each listener every change until it stops listening", () => {
    const { vault: profiles } = vault();
    const seen: ProfilesState[] = [];
    const stop = profiles.onChange((state) => seen.push(state));
    const saved = profiles.save(input("A"));
    expect(seen.at(-1)).toEqual(profiles.state());
    profiles.select(saved.id);
    expect(seen).toHaveLength(2);
    stop();
    profiles.save(input("B"));
    expect(seen).toHaveLength(2);
  });
});

describe("choosing and removing profiles", () => {
  it("makes the next profile active when the active one is removed, and keeps the choice otherwise", () => {
    const { vault: profiles } = vault();
    const a = profiles.save(input("A"));
    const b = profiles.save(input("B"));
    const c = profiles.save(input("C"));
    profiles.select(c.id);
    expect(profiles.remove(a.id).activeId).toBe(c.id);
    expect(profiles.remove(c.id)).toMatchObject({ activeId: b.id, profiles: [{ id: b.id }] });
  });

  it("refuses to remove or choose a profile it does not have", () => {
    const { vault: profiles } = vault();
    profiles.save(input("A"));
    expect(() => profiles.remove("gone")).toThrow(expect.objectContaining({ code: "PROFILE_NOT_FOUND" }));
    expect(() => profiles.select("gone")).toThrow(expect.objectContaining({ code: "PROFILE_NOT_FOUND" }));
  });

  it("takes the first profile as active when none was chosen, and has none without profiles", () => {
    const { vault: profiles, settings } = vault();
    expect(profiles.activeId()).toBeNull();
    expect(() => profiles.resolveId()).toThrow(expect.objectContaining({ code: "PROFILE_NOT_FOUND" }));
    const a = profiles.save(input("A"));
    profiles.save(input("B"));
    settings.set("activeProfileId", "gone");
    expect(profiles.activeId()).toBe(a.id);
    expect(profiles.resolveId()).toBe(a.id);
  });

  it("resolves a named profile only when it exists", () => {
    const { vault: profiles } = vault();
    profiles.save(input("A"));
    const b = profiles.save(input("B"));
    expect(profiles.resolveId(b.id)).toBe(b.id);
    expect(() => profiles.resolveId("gone")).toThrow(
      expect.objectContaining({ message: "Choose a profile in Settings first." }),
    );
  });

  it("finds the profile already at an address, never the built-in one", () => {
    const { vault: profiles } = vault();
    profiles.ensureBuiltInProfile("http://127.0.0.1:4000", KEY, MODELS);
    const work = profiles.save(input("Work"));
    expect(profiles.findByBaseUrl(work.baseUrl)).toEqual({ id: work.id });
    expect(profiles.findByBaseUrl("http://127.0.0.1:4000")).toEqual({});
  });
});

describe("the built-in profile", () => {
  it("keeps its stored ciphertext while the key stays the same, and stores the new key when it changes", () => {
    const { vault: profiles, sealed } = vault();
    profiles.ensureBuiltInProfile("http://127.0.0.1:4000", KEY, MODELS);
    profiles.ensureBuiltInProfile("http://127.0.0.1:4001", KEY, MODELS);
    expect(sealed()).toBe(1);
    profiles.ensureBuiltInProfile("http://127.0.0.1:4002", "sk-local-another-key-99", MODELS);
    expect(sealed()).toBe(2);
    expect(profiles.credentials(BUILT_IN_PROFILE_ID)).toMatchObject({
      baseUrl: "http://127.0.0.1:4002",
      key: "sk-local-another-key-99",
    });
  });

  it("keeps what the user set on it (name, auth, RPM) while its address and models follow the gateway", () => {
    const { vault: profiles } = vault();
    profiles.ensureBuiltInProfile("http://127.0.0.1:4000", KEY, MODELS);
    profiles.save({
      id: BUILT_IN_PROFILE_ID,
      name: "Mine",
      baseUrl: "http://127.0.0.1:4000",
      auth: "x-api-key",
      rpm: 9,
      key: KEY,
    });
    profiles.ensureBuiltInProfile("http://127.0.0.1:5000", KEY, { ...MODELS, video: ["video-std"] });
    expect(profiles.state().profiles).toMatchObject([
      {
        id: BUILT_IN_PROFILE_ID,
        name: "Mine",
        auth: "x-api-key",
        rpm: 9,
        baseUrl: "http://127.0.0.1:5000",
        models: { video: ["video-std"] },
        builtIn: true,
        hasKey: true,
      },
    ]);
    expect(profiles.credentials(BUILT_IN_PROFILE_ID).auth).toBe("x-api-key");
  });

  it("goes first, and becomes active only when no profile was chosen", () => {
    const { vault: profiles, settings } = vault();
    const work = profiles.save(input("Work"));
    settings.set("activeProfileId", work.id);
    profiles.ensureBuiltInProfile("http://127.0.0.1:4000", KEY, MODELS);
    expect(profiles.state()).toMatchObject({
      activeId: work.id,
      profiles: [{ id: BUILT_IN_PROFILE_ID, name: BUILT_IN_PROFILE_NAME, rpm: 60, auth: "bearer" }, { id: work.id }],
    });
  });
});

describe("what the vault stores and says", () => {
  it("stores the built-in profile as the chosen one on a first run, and the next profile when the chosen one is removed", () => {
    const { vault: profiles, settings } = vault();
    profiles.ensureBuiltInProfile("http://127.0.0.1:4000", KEY, MODELS);
    expect(settings.get("activeProfileId")).toBe(BUILT_IN_PROFILE_ID);
    const work = profiles.save(input("Work"));
    profiles.remove(BUILT_IN_PROFILE_ID);
    expect(settings.get("activeProfileId")).toBe(work.id);
  });

  it("says which profile's key went missing, was rebound or cannot be read", () => {
    const { vault: profiles, settings } = vault();
    expect(() => profiles.credentials("gone")).toThrow(expect.objectContaining({ code: "PROFILE_NOT_FOUND" }));
    const work = profiles.save(input("Work"));
    const [stored] = settings.get("profiles") as Record<string, unknown>[];
    settings.set("profiles", [{ ...stored, baseUrl: "https://else.example.com" }]);
    expect(() => profiles.credentials(work.id)).toThrow(
      expect.objectContaining({
        code: "KEY_MISSING",
        message: 'The key of "Work" was saved for another address or auth mode; enter it again.',
      }),
    );
    settings.set("profiles", [{ ...stored, encryptedKey: "damaged" }]);
    expect(() => profiles.credentials(work.id)).toThrow(
      expect.objectContaining({ code: "KEY_UNREADABLE", message: expect.stringContaining('"Work"') }),
    );
  });
});
