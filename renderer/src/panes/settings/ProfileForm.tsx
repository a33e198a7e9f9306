import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_MAX_WAIT_MINUTES,
  DEFAULT_VIDEO_LIMITS,
  ProfileInputSchema,
  RPM_RANGE,
  type ProfileInput,
  type ProfileView,
} from "../../../../shared/ipc/profiles.ts";
import type { IpcError } from "../../../../shared/ipc/result.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

interface ProfileFormProps {
  readonly profile: ProfileView | null;
  onSave(input: ProfileInput): Promise<IpcError | null>;
  onCancel(): void;
}

/** Add or edit a profile. The key field is write-only: it shows the stored key's hint, never the key. */
export function ProfileForm({ profile, onSave, onCancel }: ProfileFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile?.name ?? "");
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? "");
  const [auth, setAuth] = useState<ProfileInput["auth"]>(profile?.auth ?? "bearer");
  const [key, setKey] = useState("");
  const [rpm, setRpm] = useState(String(profile?.rpm ?? 60));
  const [searchModel, setSearchModel] = useState(profile?.models.search[0] ?? "web-search");
  const [chatModels, setChatModels] = useState((profile?.models.chat ?? []).join(", "));
  const limits = profile?.videoLimits ?? DEFAULT_VIDEO_LIMITS;
  const [concurrent, setConcurrent] = useState(String(limits.concurrent));
  const [perMinute, setPerMinute] = useState(String(limits.perMinute));
  const [perDay, setPerDay] = useState(String(limits.perDay));
  const [maxWait, setMaxWait] = useState(String(profile?.maxWaitMinutes ?? DEFAULT_MAX_WAIT_MINUTES));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [saveError, setSaveError] = useState<IpcError | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const models = profile?.models ?? { chat: [], search: [], image: [], video: [] };
    const search = searchModel.trim();
    const candidate = {
      ...(profile ? { id: profile.id } : {}),
      name,
      baseUrl,
      auth,
      rpm: Number(rpm),
      videoLimits: { concurrent: Number(concurrent), perMinute: Number(perMinute), perDay: Number(perDay) },
      maxWaitMinutes: Number(maxWait),
      models: {
        ...models,
        chat: [...new Set(chatModels.split(/[\s,]+/).filter(Boolean))],
        search: search ? [search, ...models.search.filter((code) => code !== search)] : models.search,
      },
      ...(key.trim() ? { key: key.trim() } : {}),
    };
    const parsed = ProfileInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setFieldError({ field: String(issue.path[0] ?? ""), message: issue.message });
      return;
    }
    if (!profile && !parsed.data.key) {
      setFieldError({ field: "key", message: t("settings.apiKeyNew") });
      return;
    }
    setFieldError(null);
    setSaving(true);
    const error = await onSave(parsed.data);
    setSaving(false);
    setSaveError(error);
    if (!error) setKey("");
  };

  const errorFor = (field: string) =>
    fieldError?.field === field ? (
      <p className="field__error" id={`profile-${field}-error`} role="alert">
        {fieldError.message}
      </p>
    ) : null;
  const describedBy = (field: string, hint?: string) =>
    [fieldError?.field === field ? `profile-${field}-error` : null, hint].filter(Boolean).join(" ") || undefined;

  return (
    <form
      className="profile-form"
      onSubmit={submit}
      noValidate
      aria-label={profile ? t("settings.editProfile") : t("settings.newProfile")}
    >
      <h3>{profile ? t("settings.editProfile") : t("settings.newProfile")}</h3>
      <label className="field">
        <span className="field__label">{t("settings.name")}</span>
        <input value={name} onChange={(event) => setName(event.target.value)} aria-describedby={describedBy("name")} />
        {errorFor("name")}
      </label>
      <label className="field">
        <span className="field__label">{t("settings.baseUrl")}</span>
        <input
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          placeholder="https://gateway.example.com"
          inputMode="url"
          aria-describedby={describedBy("baseUrl", "profile-baseUrl-hint")}
        />
        <span className="field__hint" id="profile-baseUrl-hint">
          {t("settings.baseUrlHint")}
        </span>
        {errorFor("baseUrl")}
      </label>
      <label className="field">
        <span className="field__label">{t("settings.auth")}</span>
        <select value={auth} onChange={(event) => setAuth(event.target.value as ProfileInput["auth"])}>
          <option value="bearer">{t("settings.authBearer")}</option>
          <option value="x-api-key">{t("settings.authHeader")}</option>
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t("settings.apiKey")}</span>
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(event) => setKey(event.target.value)}
          placeholder={profile?.keyHint ? t("settings.apiKeyKeep", { hint: profile.keyHint }) : t("settings.apiKeyNew")}
          aria-describedby={describedBy("key")}
        />
        {errorFor("key")}
      </label>
      <label className="field">
        <span className="field__label">{t("settings.rpm")}</span>
        <input
          type="number"
          min={RPM_RANGE.min}
          max={RPM_RANGE.max}
          value={rpm}
          onChange={(event) => setRpm(event.target.value)}
          aria-describedby={describedBy("rpm", "profile-rpm-hint")}
        />
        <span className="field__hint" id="profile-rpm-hint">
          {t("settings.rpmHint")}
        </span>
        {errorFor("rpm")}
      </label>
      <label className="field">
        <span className="field__label">{t("settings.chatModels")}</span>
        <input
          value={chatModels}
          onChange={(event) => setChatModels(event.target.value)}
          aria-describedby="profile-chat-models-hint"
        />
        <span className="field__hint" id="profile-chat-models-hint">
          {t("settings.chatModelsHint")}
        </span>
      </label>
      <label className="field">
        <span className="field__label">{t("settings.searchModel")}</span>
        <input
          value={searchModel}
          onChange={(event) => setSearchModel(event.target.value)}
          aria-describedby="profile-search-model-hint"
        />
        <span className="field__hint" id="profile-search-model-hint">
          {t("settings.searchModelHint")}
        </span>
      </label>
      <fieldset className="profile-form__limits">
        <legend>{t("settings.taskLimits")}</legend>
        <NumberField
          label={t("settings.videosAtOnce")}
          value={concurrent}
          onChange={setConcurrent}
          error={errorFor("videoLimits")}
        />
        <NumberField label={t("settings.videosPerMinute")} value={perMinute} onChange={setPerMinute} />
        <NumberField label={t("settings.videosPerDay")} value={perDay} onChange={setPerDay} />
        <NumberField
          label={t("settings.maxWait")}
          value={maxWait}
          onChange={setMaxWait}
          error={errorFor("maxWaitMinutes")}
        />
      </fieldset>
      {saveError && <ErrorNotice error={saveError} />}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {t("settings.save")}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t("settings.cancel")}
        </button>
      </div>
    </form>
  );
}

function NumberField(props: { label: string; value: string; onChange(value: string): void; error?: ReactNode }) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input type="number" min={1} value={props.value} onChange={(event) => props.onChange(event.target.value)} />
      {props.error}
    </label>
  );
}
