import { useMutation } from "@tanstack/react-query";
import { memo, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { WIRE_FORMATS, type ConversationSummary, type WireFormat } from "../../../../shared/ipc/chat.ts";
import type { Cost } from "../../../../shared/ipc/ledger.ts";
import { ApiError, succeeded, unwrap } from "../../api/api-error.ts";
import { useFeatureMissing } from "../../api/capability-queries.ts";
import { api } from "../../api/desktop-api.ts";
import { useModelOptions } from "../../api/model-options.ts";
import { ActionError, type ActionAttempt } from "../../components/ActionError.tsx";
import { MenuButton } from "../../components/MenuButton.tsx";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { costOf } from "../../components/cost-label.ts";
import { onOption } from "../../components/select-option.ts";
import { ConversationSettings } from "./ConversationSettings.tsx";
import { ConversationProfileLabel } from "./ConversationProfileLabel.tsx";
import { ConversationAssistantLabel } from "./ConversationAssistantLabel.tsx";
import { CompareToggle } from "./CompareToggle.tsx";
import { downloadFile } from "./download-file.ts";
import { useSaveSettings } from "./chat-queries.ts";
import { conversationTitle } from "./conversation-title.ts";
import "./conversation-header.css";

const WIRE_FORMAT_LABELS: Record<WireFormat, string> = { "chat-completions": "Chat Completions", messages: "Messages" };

interface ConversationHeaderProps {
  readonly conversation: ConversationSummary;
  /** What the conversation's replies cost so far. */
  readonly totalCost: Cost | null;
  /** Model codes used in recent conversations, offered after the profile's and the server's. */
  readonly recentModels: readonly string[];
}

/** Memoised: a reply streaming below (a render per frame) leaves the header as it is. */
export const ConversationHeader = memo(function ConversationHeader({
  conversation,
  totalCost,
  recentModels,
}: ConversationHeaderProps) {
  const { t } = useTranslation();
  const modelOptions = useModelOptions("chat", recentModels, conversation.settings.profileId);
  const messagesMissing = useFeatureMissing("messages", conversation.settings.profileId);
  const [model, setModel] = useState(conversation.settings.model);
  // The saved model can change under the field (an assistant, quick chat, another window): follow it.
  const [savedModel, setSavedModel] = useState(conversation.settings.model);
  if (savedModel !== conversation.settings.model) {
    setSavedModel(conversation.settings.model);
    setModel(conversation.settings.model);
  }
  const [showSettings, setShowSettings] = useState(false);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const closeSettings = () => {
    setShowSettings(false);
    settingsButton.current?.focus();
  };
  // A model field left empty is refused here, in the same place as the failures of saving it.
  const [modelCheck, setModelCheck] = useState<ActionAttempt>({ error: null, submittedAt: 0 });

  const save = useSaveSettings(conversation.id);

  const exportAs = useMutation({
    mutationFn: (format: "markdown" | "json") => unwrap(api.chat.exportAs({ conversationId: conversation.id, format })),
    onSuccess: downloadFile,
  });

  const saveModel = (code: string) => {
    if (code.trim() === "") {
      setModelCheck({
        error: new ApiError({ code: "INVALID_SETTINGS", message: t("chat.modelRequired") }),
        submittedAt: Date.now(),
      });
      setModel(conversation.settings.model);
      return;
    }
    if (code.trim() !== conversation.settings.model) save.mutate({ ...conversation.settings, model: code.trim() });
  };

  const changeWireFormat = (wireFormat: WireFormat) => {
    // Messages allows temperature 0-1 only: keep the setting valid when switching.
    const temperature =
      wireFormat === "messages" ? Math.min(conversation.settings.temperature, 1) : conversation.settings.temperature;
    save.mutate({ ...conversation.settings, wireFormat, temperature });
  };

  return (
    <header className="conversation-header">
      <div className="conversation-header__row">
        {conversation.assistant && <ConversationAssistantLabel assistant={conversation.assistant} />}
        <h2 className="conversation-header__title" title={conversationTitle(conversation.title, t)}>
          {conversationTitle(conversation.title, t)}
        </h2>
        <ConversationProfileLabel profileId={conversation.settings.profileId} />
        {totalCost && (
          <span
            className="conversation-header__cost"
            data-testid="conversation-cost"
            title={totalCost.kind === "estimated" ? t("cost.estimatedHint") : undefined}
          >
            {t("cost.total", { amount: costOf(totalCost, { free: t("cost.free"), unknown: t("cost.unknown") }) })}
          </span>
        )}
      </div>
      <div className="conversation-header__row conversation-header__tools">
        <ModelPicker
          layout="inline"
          label={t("chat.model")}
          value={model}
          options={modelOptions}
          onChange={setModel}
          onCommit={saveModel}
        />
        <label className="inline-field">
          <span className="inline-field__label">{t("chat.wireFormat")}</span>
          <select
            // Messages on a server without it is not used there (main sends Chat Completions): show what is.
            value={messagesMissing ? "chat-completions" : conversation.settings.wireFormat}
            onChange={onOption(WIRE_FORMATS, changeWireFormat)}
          >
            {WIRE_FORMATS.map((format) => (
              <option key={format} value={format} disabled={format === "messages" && messagesMissing}>
                {format === "messages" && messagesMissing
                  ? `${WIRE_FORMAT_LABELS[format]} (${t("capabilities.notOfferedShort")})`
                  : WIRE_FORMAT_LABELS[format]}
              </option>
            ))}
          </select>
        </label>
        <CompareToggle conversation={conversation} recentModels={recentModels} />
        <button
          ref={settingsButton}
          type="button"
          className="button"
          aria-expanded={showSettings}
          onClick={() => (showSettings ? closeSettings() : setShowSettings(true))}
        >
          {t("chat.settings")}
        </button>
        <MenuButton
          label={t("conversation.export")}
          items={[
            { label: t("chat.exportMarkdown"), onSelect: () => exportAs.mutate("markdown") },
            { label: t("chat.exportJson"), onSelect: () => exportAs.mutate("json") },
          ]}
        />
      </div>
      <ActionError actions={[modelCheck, save, exportAs]} />
      {showSettings && (
        <ConversationSettings
          key={conversation.id}
          conversationId={conversation.id}
          settings={conversation.settings}
          onSave={(settings) => succeeded(save.mutateAsync(settings))}
          onClose={closeSettings}
        />
      )}
    </header>
  );
});
