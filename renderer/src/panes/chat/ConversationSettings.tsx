import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ChatSettingsSchema,
  MAX_TOKENS_LIMIT,
  TEMPERATURE_MAX,
  type ChatSettings,
} from "../../../../shared/ipc/chat.ts";
import { FormField } from "../../components/FormField.tsx";
import { firstIssue } from "../../components/form-issue.ts";
import { useProfiles } from "../../api/queries.ts";

interface ConversationSettingsProps {
  readonly settings: ChatSettings;
  onSave(settings: ChatSettings): Promise<boolean>;
}

/** System prompt, sampling, limits and streaming; values are checked against the wire format's ranges before saving. */
export function ConversationSettings({ settings, onSave }: ConversationSettingsProps) {
  const { t } = useTranslation();
  const { data: profiles } = useProfiles();
  const [profileId, setProfileId] = useState(settings.profileId ?? "");
  const [systemPrompt, setSystemPrompt] = useState(settings.systemPrompt);
  const [temperature, setTemperature] = useState(String(settings.temperature));
  const [topP, setTopP] = useState(String(settings.topP));
  const [maxTokens, setMaxTokens] = useState(String(settings.maxTokens));
  const [stopSequences, setStopSequences] = useState(settings.stopSequences.join("\n"));
  const [stream, setStream] = useState(settings.stream);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const messages = settings.wireFormat === "messages";

  const save = async () => {
    const candidate = {
      ...settings,
      profileId: profileId === "" ? null : profileId,
      systemPrompt,
      temperature: temperature.trim() === "" ? Number.NaN : Number(temperature),
      topP: topP.trim() === "" ? Number.NaN : Number(topP),
      maxTokens: maxTokens.trim() === "" ? Number.NaN : Number(maxTokens),
      stopSequences: messages ? stopSequences.split("\n").filter((line) => line !== "") : settings.stopSequences,
      stream,
    };
    const parsed = ChatSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      setProblem({ field: String(issue.path[0] ?? ""), message: issue.message });
      setSaved(false);
      return;
    }
    setProblem(null);
    setSaved(await onSave(parsed.data));
  };

  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  const errorFor = (field: string) => {
    const message = errorOf(field);
    return message ? (
      <p className="field__error" role="alert">
        {message}
      </p>
    ) : null;
  };

  return (
    <form
      className="conversation-settings"
      aria-label={t("chat.settings")}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="field">
        <span className="field__label">{t("chat.profile")}</span>
        <select value={profileId} onChange={(event) => setProfileId(event.target.value)}>
          <option value="">{t("chat.activeProfile")}</option>
          {profiles?.profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t("chat.systemPrompt")}</span>
        <textarea rows={3} value={systemPrompt} onChange={(event) => setSystemPrompt(event.target.value)} />
        {errorFor("systemPrompt")}
      </label>
      <div className="conversation-settings__row">
        <FormField
          id="temperature"
          type="number"
          step="0.1"
          label={t("chat.temperature")}
          value={temperature}
          onChange={setTemperature}
          hint={t("chat.range", { min: 0, max: TEMPERATURE_MAX[settings.wireFormat] })}
          error={errorOf("temperature")}
        />
        <FormField
          id="top-p"
          type="number"
          step="0.05"
          label={t("chat.topP")}
          value={topP}
          onChange={setTopP}
          hint={t("chat.range", { min: 0, max: 1 })}
          error={errorOf("topP")}
        />
        <FormField
          id="max-tokens"
          type="number"
          step="1"
          label={t("chat.maxTokens")}
          value={maxTokens}
          onChange={setMaxTokens}
          hint={t("chat.range", { min: 1, max: MAX_TOKENS_LIMIT })}
          error={errorOf("maxTokens")}
        />
      </div>
      {messages && (
        <label className="field">
          <span className="field__label">{t("chat.stopSequences")}</span>
          <textarea rows={2} value={stopSequences} onChange={(event) => setStopSequences(event.target.value)} />
          <span className="field__hint">{t("chat.stopSequencesHint")}</span>
          {errorFor("stopSequences")}
        </label>
      )}
      <label className="toggle">
        <input type="checkbox" checked={stream} onChange={(event) => setStream(event.target.checked)} />
        <span>{t("chat.stream")}</span>
      </label>
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {t("chat.saveSettings")}
        </button>
        {saved && <span role="status">{t("chat.settingsSaved")}</span>}
      </div>
    </form>
  );
}
