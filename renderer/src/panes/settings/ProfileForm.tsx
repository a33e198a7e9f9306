import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import {
  DEFAULT_MAX_WAIT_MINUTES,
  DEFAULT_VIDEO_LIMITS,
  isInsecureRemoteUrl,
  keyMustBeEnteredAgain,
  PROFILE_AUTH_MODES,
  ProfileInputSchema,
  RPM_RANGE,
  type ProfileInput,
  type ProfileView,
} from "../../../../shared/ipc/profiles.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { queryKeys } from "../../api/queries.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { FormField } from "../../components/FormField.tsx";
import { formIssue } from "../../components/form-issue.ts";
import { onOption } from "../../components/select-option.ts";
import { fieldOf, SubmitProblem, type FieldProblem } from "../../components/SubmitProblem.tsx";
import { InsecureHttpConsent } from "./InsecureHttpConsent.tsx";
import { ResultOriginsField, resultOriginsOf } from "./ResultOriginsField.tsx";

interface ProfileFormProps {
  readonly profile: ProfileView | null;
  onSaved(): void;
  onCancel(): void;
}

/** Add or edit a profile. The key field is write-only: it shows the stored key's hint, never the key. */
export function ProfileForm({ profile, onSaved, onCancel }: ProfileFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile?.name ?? "");
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? "");
  const [auth, setAuth] = useState<ProfileInput["auth"]>(profile?.auth ?? "bearer");
  const [key, setKey] = useState("");
  const [allowInsecureHttp, setAllowInsecureHttp] = useState(profile?.allowInsecureHttp ?? false);
  const [rpm, setRpm] = useState(String(profile?.rpm ?? 60));
  const [searchModel, setSearchModel] = useState(profile?.models.search[0] ?? "web-search");
  const [chatModels, setChatModels] = useState((profile?.models.chat ?? []).join(", "));
  const limits = profile?.videoLimits ?? DEFAULT_VIDEO_LIMITS;
  const [concurrent, setConcurrent] = useState(String(limits.concurrent));
  const [perMinute, setPerMinute] = useState(String(limits.perMinute));
  const [perDay, setPerDay] = useState(String(limits.perDay));
  const [maxWait, setMaxWait] = useState(String(profile?.maxWaitMinutes ?? DEFAULT_MAX_WAIT_MINUTES));
  const [resultOrigins, setResultOrigins] = useState((profile?.resultOrigins ?? []).join("\n"));
  const form = useRef<HTMLFormElement>(null);
  const [fieldError, setFieldError] = useState<FieldProblem | null>(null);
  const save = useMutation({
    mutationFn: (input: ProfileInput) => unwrap(api.profiles.save(input)),
    onSuccess: async () => {
      setKey("");
      await queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
      onSaved();
    },
  });

  // The stored key goes only where it was saved for; a new origin or auth mode needs it typed again.
  const keyNeededAgain = profile?.hasKey === true && keyMustBeEnteredAgain(profile, { baseUrl, auth });

  // Where the key goes decides what the form asks for: a stale complaint about it would mislead.
  const changeDestination =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setFieldError(null);
    };

  const submit = (event: FormEvent) => {
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
      resultOrigins: resultOriginsOf(resultOrigins),
      models: {
        ...models,
        chat: [...new Set(chatModels.split(/[\s,]+/).filter(Boolean))],
        search: search ? [search, ...models.search.filter((code) => code !== search)] : models.search,
      },
      ...(key.trim() ? { key: key.trim() } : {}),
      ...(isInsecureRemoteUrl(baseUrl) ? { allowInsecureHttp } : {}),
    };
    const parsed = ProfileInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = formIssue(parsed.error);
      setFieldError({ field: fieldOf(issue.path), message: issue.message });
      return;
    }
    if (!parsed.data.key && (!profile || keyNeededAgain)) {
      setFieldError({ field: "key", message: keyNeededAgain ? t("settings.apiKeyAgain") : t("settings.apiKeyNew") });
      return;
    }
    setFieldError(null);
    save.mutate(parsed.data);
  };

  const keyPlaceholder = () => {
    if (keyNeededAgain || !profile?.hasKey) return t("settings.apiKeyNew");
    return profile.keyHint ? t("settings.apiKeyKeep", { hint: profile.keyHint }) : t("settings.apiKeyKeepNoHint");
  };

  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : null);

  return (
    <form
      ref={form}
      className="profile-form"
      onSubmit={submit}
      noValidate
      aria-label={profile ? t("settings.editProfile") : t("settings.newProfile")}
    >
      <h3>{profile ? t("settings.editProfile") : t("settings.newProfile")}</h3>
      <FormField
        id="profile-name"
        name="name"
        label={t("settings.name")}
        value={name}
        onChange={setName}
        error={errorOf("name")}
      />
      <FormField
        id="profile-base-url"
        name="baseUrl"
        label={t("settings.baseUrl")}
        value={baseUrl}
        onChange={changeDestination(setBaseUrl)}
        placeholder="https://gateway.example.com"
        inputMode="url"
        hint={t("settings.baseUrlHint")}
        error={errorOf("baseUrl")}
      />
      {isInsecureRemoteUrl(baseUrl) && (
        <InsecureHttpConsent accepted={allowInsecureHttp} onChange={setAllowInsecureHttp} />
      )}
      <label className="field">
        <span className="field__label">{t("settings.auth")}</span>
        <select value={auth} onChange={onOption(PROFILE_AUTH_MODES, changeDestination(setAuth))}>
          <option value="bearer">{t("settings.authBearer")}</option>
          <option value="x-api-key">{t("settings.authHeader")}</option>
        </select>
      </label>
      <FormField
        id="profile-key"
        name="key"
        label={t("settings.apiKey")}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={key}
        onChange={setKey}
        placeholder={keyPlaceholder()}
        hint={keyNeededAgain ? t("settings.apiKeyAgain") : undefined}
        error={errorOf("key")}
      />
      <FormField
        id="profile-rpm"
        name="rpm"
        label={t("settings.rpm")}
        type="number"
        min={RPM_RANGE.min}
        max={RPM_RANGE.max}
        value={rpm}
        onChange={setRpm}
        hint={t("settings.rpmHint")}
        error={errorOf("rpm")}
      />
      <FormField
        id="profile-chat-models"
        label={t("settings.chatModels")}
        value={chatModels}
        onChange={setChatModels}
        hint={t("settings.chatModelsHint")}
      />
      <FormField
        id="profile-search-model"
        label={t("settings.searchModel")}
        value={searchModel}
        onChange={setSearchModel}
        hint={t("settings.searchModelHint")}
      />
      <fieldset className="profile-form__limits">
        <legend>{t("settings.taskLimits")}</legend>
        <FormField
          id="profile-videos-at-once"
          name="videoLimits.concurrent"
          type="number"
          min={1}
          label={t("settings.videosAtOnce")}
          value={concurrent}
          onChange={setConcurrent}
          error={errorOf("videoLimits.concurrent")}
        />
        <FormField
          id="profile-videos-per-minute"
          name="videoLimits.perMinute"
          type="number"
          min={1}
          label={t("settings.videosPerMinute")}
          value={perMinute}
          onChange={setPerMinute}
          error={errorOf("videoLimits.perMinute")}
        />
        <FormField
          id="profile-videos-per-day"
          name="videoLimits.perDay"
          type="number"
          min={1}
          label={t("settings.videosPerDay")}
          value={perDay}
          onChange={setPerDay}
          error={errorOf("videoLimits.perDay")}
        />
        <FormField
          id="profile-max-wait"
          name="maxWaitMinutes"
          type="number"
          min={1}
          label={t("settings.maxWait")}
          value={maxWait}
          onChange={setMaxWait}
          error={errorOf("maxWaitMinutes")}
        />
      </fieldset>
      <ResultOriginsField
        value={resultOrigins}
        onChange={setResultOrigins}
        error={fieldError?.field.startsWith("resultOrigins") ? fieldError.message : null}
      />
      <SubmitProblem problem={fieldError} form={form} echoesField />
      <ActionError actions={[save]} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t("settings.save")}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t("settings.cancel")}
        </button>
      </div>
    </form>
  );
}
