import { randomUUID } from "node:crypto";
import {
  DEFAULT_MAX_WAIT_MINUTES,
  DEFAULT_VIDEO_LIMITS,
  ModelsByKindSchema,
  type VideoLimitsSetting,
  type ModelsByKind,
  type ProfileInput,
  type ProfilesState,
  type ProfileView,
} from "../../../shared/ipc/profiles.ts";
import { AppError, appError } from "../app-error.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import type { GatewayCredentials } from "../gateway-client/gateway-client.ts";
import { bindingOf, keyHintOf, sameBinding, type KeyBinding } from "./key-binding.ts";
import type { SecretCipher } from "./secret-cipher.ts";
import { rememberingKeys } from "./remembered-keys.ts";
import type { SettingsStore } from "./settings-store.ts";
import { StoredProfilesSchema, type StoredProfile } from "../../../shared/stored-settings.ts";

export const BUILT_IN_PROFILE_ID = "local-gateway";
export const BUILT_IN_PROFILE_NAME = "Local gateway (offline)";
const DEFAULT_RPM = 60;

/**
 * Profiles and their keys. Keys are encrypted by the injected cipher before they are stored and
 * leave this class only as credentials for the gateway client, never in a view.
 */
export class ProfileVault {
  private readonly settings: SettingsStore;
  private readonly cipher: SecretCipher;
  private readonly listeners = new Set<(state: ProfilesState) => void>();

  constructor(settings: SettingsStore, cipher: SecretCipher) {
    this.settings = settings;
    this.cipher = rememberingKeys(cipher);
  }

  onChange(listener: (state: ProfilesState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  state(): ProfilesState {
    const profiles = this.stored();
    return { profiles: profiles.map((profile) => this.view(profile)), activeId: this.activeIdOf(profiles) };
  }

  /** The active profile's id, without decrypting any key. */
  activeId(): string | null {
    return this.activeIdOf(this.stored());
  }

  /** Every profile's id and name, without decrypting any key. */
  names(): { id: string; name: string }[] {
    return this.stored().map(({ id, name }) => ({ id, name }));
  }

  /** Whether a profile of this id exists (it may have been deleted), without decrypting any key. */
  has(id: string): boolean {
    return this.stored().some((profile) => profile.id === id);
  }

  /** The requests per minute a profile allows, without decrypting any key. */
  rpmOf(id: string): number | undefined {
    return this.stored().find((profile) => profile.id === id)?.rpm;
  }

  /** The origins a profile trusts for its results besides its own host, without decrypting any key. */
  resultOriginsOf(id: string): readonly string[] {
    return this.stored().find((profile) => profile.id === id)?.resultOrigins ?? [];
  }

  /** The models a profile knows, without decrypting any key. */
  modelsOf(id: string | null): ModelsByKind | null {
    return this.stored().find((profile) => profile.id === id)?.models ?? null;
  }

  /** Creates the embedded gateway's profile on first run, and keeps its address, key and models current. */
  ensureBuiltInProfile(baseUrl: string, key: string, models: ModelsByKind): void {
    const profiles = this.stored();
    const existing = profiles.find((profile) => profile.builtIn);
    const builtIn: StoredProfile = {
      // What the user set on it (limits, Result origins) stays; where it is and its key follow the gateway.
      ...existing,
      id: BUILT_IN_PROFILE_ID,
      name: existing?.name ?? BUILT_IN_PROFILE_NAME,
      baseUrl,
      auth: existing?.auth ?? "bearer",
      models,
      rpm: existing?.rpm ?? DEFAULT_RPM,
      encryptedKey:
        existing?.encryptedKey && this.decryptOrNull(existing.encryptedKey) === key
          ? existing.encryptedKey
          : this.cipher.encrypt(key),
      // Main itself gives this key to the embedded gateway, whose port changes with each start.
      keyBinding: bindingOf(baseUrl, existing?.auth ?? "bearer"),
      builtIn: true,
    };
    this.write(existing ? profiles.map((profile) => (profile.builtIn ? builtIn : profile)) : [builtIn, ...profiles]);
    if (!existing && this.settings.get("activeProfileId") === undefined)
      this.settings.set("activeProfileId", builtIn.id);
  }

  save(input: ProfileInput): ProfileView {
    const profiles = this.stored();
    const existing = input.id ? profiles.find((profile) => profile.id === input.id) : undefined;
    if (input.id && !existing) throw appError("PROFILE_NOT_FOUND");
    if (!existing && input.key === undefined) throw appError("KEY_REQUIRED");
    const binding = bindingOf(input.baseUrl, input.auth);
    // A key goes only where it was saved for: a new origin or auth mode needs the key typed again.
    const keptKey =
      existing?.encryptedKey && sameBinding(bindingOfStored(existing), binding) ? existing.encryptedKey : null;
    const profile: StoredProfile = {
      id: existing?.id ?? randomUUID(),
      name: input.name,
      baseUrl: input.baseUrl,
      auth: input.auth,
      models: ModelsByKindSchema.parse(input.models ?? existing?.models ?? {}),
      rpm: input.rpm ?? existing?.rpm ?? DEFAULT_RPM,
      videoLimits: input.videoLimits ?? existing?.videoLimits ?? DEFAULT_VIDEO_LIMITS,
      maxWaitMinutes: input.maxWaitMinutes ?? existing?.maxWaitMinutes ?? DEFAULT_MAX_WAIT_MINUTES,
      encryptedKey: input.key !== undefined ? this.cipher.encrypt(input.key) : keptKey,
      keyBinding: binding,
      allowInsecureHttp: input.allowInsecureHttp === true,
      resultOrigins: input.resultOrigins ?? existing?.resultOrigins ?? [],
      builtIn: existing?.builtIn ?? false,
    };
    this.write(
      existing
        ? profiles.map((candidate) => (candidate.id === profile.id ? profile : candidate))
        : [...profiles, profile],
    );
    return this.view(profile);
  }

  remove(id: string): ProfilesState {
    const profiles = this.stored();
    const remaining = profiles.filter((profile) => profile.id !== id);
    if (remaining.length === profiles.length) throw appError("PROFILE_NOT_FOUND");
    const [next] = remaining;
    if (!next) throw appError("LAST_PROFILE");
    if (this.settings.get("activeProfileId") === id) this.settings.set("activeProfileId", next.id);
    this.write(remaining);
    return this.state();
  }

  select(id: string): ProfilesState {
    if (!this.stored().some((profile) => profile.id === id)) {
      throw appError("PROFILE_NOT_FOUND");
    }
    this.settings.set("activeProfileId", id);
    this.emit();
    return this.state();
  }

  /** `{ id }` of the profile already pointing at `baseUrl`, so saving it again updates it. */
  findByBaseUrl(baseUrl: string): { id?: string } {
    const profile = this.stored().find((candidate) => !candidate.builtIn && candidate.baseUrl === baseUrl);
    return profile ? { id: profile.id } : {};
  }

  /** The id of `requested`, or of the active profile. */
  resolveId(requested?: string): string {
    const id = requested ?? this.activeId();
    if (!id || !this.stored().some((profile) => profile.id === id)) {
      throw new AppError("PROFILE_NOT_FOUND", codedText("PROFILE_NOT_CHOSEN"));
    }
    return id;
  }

  /** The task settings of a profile: its video limits and how long to wait for a result. */
  taskSettings(id: string): { videoLimits: VideoLimitsSetting; maxWaitMs: number } {
    const profile = this.stored().find((candidate) => candidate.id === id);
    return {
      videoLimits: profile?.videoLimits ?? DEFAULT_VIDEO_LIMITS,
      maxWaitMs: (profile?.maxWaitMinutes ?? DEFAULT_MAX_WAIT_MINUTES) * 60_000,
    };
  }

  /** Main-process only: what the gateway client needs to call as this profile. */
  credentials(id: string): GatewayCredentials & { rpm: number } {
    const profile = this.stored().find((candidate) => candidate.id === id);
    if (!profile) throw appError("PROFILE_NOT_FOUND");
    if (!profile.encryptedKey) throw appError("KEY_MISSING", { profile: profile.name });
    if (!sameBinding(bindingOfStored(profile), bindingOf(profile.baseUrl, profile.auth))) {
      throw new AppError("KEY_MISSING", codedText("KEY_REBOUND", { profile: profile.name }));
    }
    const key = this.decryptOrNull(profile.encryptedKey);
    if (key === null) {
      throw appError("KEY_UNREADABLE", { profile: profile.name });
    }
    return { baseUrl: profile.baseUrl, auth: profile.auth, key, rpm: profile.rpm };
  }

  private activeIdOf(profiles: readonly StoredProfile[]): string | null {
    const activeId = this.settings.get("activeProfileId");
    return (profiles.find((profile) => profile.id === activeId) ?? profiles[0])?.id ?? null;
  }

  private decryptOrNull(ciphertext: string): string | null {
    try {
      return this.cipher.decrypt(ciphertext);
    } catch {
      return null;
    }
  }

  private view(profile: StoredProfile): ProfileView {
    const key = profile.encryptedKey ? this.decryptOrNull(profile.encryptedKey) : null;
    return {
      id: profile.id,
      name: profile.name,
      baseUrl: profile.baseUrl,
      auth: profile.auth,
      models: profile.models,
      rpm: profile.rpm,
      videoLimits: profile.videoLimits ?? DEFAULT_VIDEO_LIMITS,
      maxWaitMinutes: profile.maxWaitMinutes ?? DEFAULT_MAX_WAIT_MINUTES,
      hasKey: key !== null,
      keyHint: key === null ? null : keyHintOf(key),
      allowInsecureHttp: profile.allowInsecureHttp === true,
      resultOrigins: profile.resultOrigins ?? [],
      builtIn: profile.builtIn,
    };
  }

  private stored(): StoredProfile[] {
    // The start checks the file's shape (data-files.ts); one edited by hand since is refused, never
    // read as empty, which would drop every profile and its key on the next write.
    const parsed = StoredProfilesSchema.safeParse(this.settings.get("profiles") ?? []);
    if (!parsed.success) throw appError("SETTINGS_INVALID");
    return parsed.data;
  }

  private write(profiles: StoredProfile[]): void {
    this.settings.set("profiles", profiles);
    this.emit();
  }

  private emit(): void {
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }
}

function bindingOfStored(profile: StoredProfile): KeyBinding {
  return profile.keyBinding ?? bindingOf(profile.baseUrl, profile.auth);
}
