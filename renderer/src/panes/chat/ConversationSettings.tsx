import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ChatSettingsSchema, type ChatSettings } from "../../../../shared/ipc/chat.ts";
import { checkedSampling, SamplingFields, typedSampling } from "./SamplingFields.tsx";
import { useProfiles } from "../../api/queries.ts";
import { problemsByField } from "./form-checks.ts";
import { SaveAsAssistant } from "./SaveAsAssistant.tsx";
import { ConversationToolsFields } from "./ConversationToolsFields.tsx";
import { useConversationProfile, useDefaultChatModel } from "./conversation-profile.ts";

interface ConversationSettingsProps {
  readonly conversationId: string;
  readonly settings: ChatSettings;
  onSave(settings: ChatSettings): Promise<boolean>;
  onClose(): void;
}

/**
 * System prompt, sampling, limits and streaming, in a drawer over the transcript (which keeps its
 * width). Values are checked against the wire format's ranges before saving, and every field that
 * is out of range says so at once. Esc or Close hands the focus back to the button that opened it.
 * Save as assistant keeps them as a new assistant.
 */
export function ConversationSettings({ conversationId, settings, onSave, onClose }: ConversationSettingsProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>("select, textarea, input")?.focus(), []);
  const { data: profiles } = useProfiles();
  const [profileId, setProfileId] = useState(settings.profileId ?? profiles?.activeId ?? "");
  const own = useConversationProfile(settings.profileId);
  // Moved here, the conversation takes that profile's default model: its own may not be on that server.
  const moved = profileId !== (settings.profileId ?? profiles?.activeId ?? "");
  const movedModel = useDefaultChatModel(profileId);
  const [systemPrompt, setSystemPrompt] = useState(settings.systemPrompt);
  const [sampling, setSampling] = useState(() => typedSampling(settings));
  const [stopSequences, setStopSequences] = useState(settings.stopSequences.join("\n"));
  const [stream, setStream] = useState(settings.stream);
  // The first problem of each field, by field name.
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const [saved, setSaved] = useState(false);
  const messages = settings.wireFormat === "messages";

  /** The form's settings when the schema accepts them; otherwise every field's problem is shown. */
  const checked = (): ChatSettings | null => {
    const parsed = ChatSettingsSchema.safeParse({
      ...settings,
      profileId: profileId === "" ? null : profileId,
      model: moved && movedModel ? movedModel : settings.model,
      systemPrompt,
      ...checkedSampling(sampling),
      stopSequences: messages ? stopSequences.split("\n").filter((line) => line !== "") : settings.stopSequences,
      stream,
    });
    setProblems(parsed.success ? new Map() : problemsByField(parsed.error));
    return parsed.success ? parsed.data : null;
  };

  const save = async () => {
    const checkedSettings = checked();
    setSaved(checkedSettings ? await onSave(checkedSettings) : false);
  };

  const errorOf = (field: string) => problems.get(field) ?? null;
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
      ref={form}
      className="conversation-settings form--fill"
      aria-label={t("chat.settings")}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        onClose();
      }}
    >
      <div className="conversation-settings__head">
        <h3 className="conversation-settings__title">{t("chat.settings")}</h3>
        <button type="button" className="button button--small" onClick={onClose}>
          {t("conversation.closeSettings")}
        </button>
      </div>
      <label className="field">
        <span className="field__label">{t("chat.profile")}</span>
        <select value={profileId} onChange={(event) => setProfileId(event.target.value)}>
          {own.deleted && <option value={settings.profileId ?? ""}>{t("conversationProfile.deletedName")}</option>}
          {profiles?.profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
        </select>
        {moved && movedModel && (
          <span className="field__hint">{t("conversationProfile.modelBecomes", { model: movedModel })}</span>
        )}
      </label>
      <label className="field">
        <span className="field__label">{t("chat.systemPrompt")}</span>
        <textarea rows={3} value={systemPrompt} onChange={(event) => setSystemPrompt(event.target.value)} />
        {errorFor("systemPrompt")}
      </label>
      <SamplingFields
        idPrefix=""
        wireFormat={settings.wireFormat}
        values={sampling}
        onChange={(change) => setSampling((typed) => ({ ...typed, ...change }))}
        errorOf={errorOf}
      />
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
      {problems.size > 1 && <p className="field__error">{t("conversation.invalidFields", { count: problems.size })}</p>}
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {t("chat.saveSettings")}
        </button>
        {saved && <span role="status">{t("chat.settingsSaved")}</span>}
      </div>
      <ConversationToolsFields conversationId={conversationId} />
      <SaveAsAssistant conversationId={conversationId} current={checked} />
    </form>
  );
}
